export {
  type ApiClient,
  type ApiClientOptions,
  type components,
  createApiClient,
  type operations,
  type paths,
  type Schemas,
  unwrap,
} from './client';
export { ApiError, networkFailure } from './errors';
export {
  type EventStreamEnd,
  type EventStreamOptions,
  readEventStream,
  type StreamedEvent,
} from './events';
export type { MultipartAnswer, MultipartCall, MultipartParts, MultipartPath } from './multipart';
export type {
  JsonBody,
  OperationId,
  PathParams,
  Query,
  SuccessAnswer,
  SuccessBody,
  SuccessStatus,
} from './operations';
