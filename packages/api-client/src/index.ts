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
export type {
  JsonBody,
  OperationId,
  PathParams,
  Query,
  SuccessAnswer,
  SuccessBody,
  SuccessStatus,
} from './operations';
