export {
  type ApiClient,
  type ApiClientOptions,
  ApiError,
  type components,
  createApiClient,
  type operations,
  type paths,
  type Schemas,
  unwrap,
} from './client';
