/**
 * The contract's types alone, with no code: what the server takes from `openapi.yaml`. The server
 * imports this subpath, not the package's root, which also holds the browser's client.
 */
export type { components, operations, paths } from './generated/schema';
export type {
  JsonBody,
  OperationId,
  PathParams,
  Query,
  SuccessAnswer,
  SuccessBody,
  SuccessStatus,
} from './operations';
