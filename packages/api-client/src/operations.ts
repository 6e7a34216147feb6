import type { components, operations } from './generated/schema';

/**
 * Types of one operation of the v1 contract, by its operationId: what the server's handler for it
 * receives and answers, and what its mocks answer. Both sides take them from here, so neither can
 * drift from `openapi.yaml`.
 */
export type OperationId = keyof operations;

type Responses<Op extends OperationId> = operations[Op]['responses'];

/** The status of an operation's success answer (200, 201 for what it creates, 202 for what a mail finishes). */
export type SuccessStatus<Op extends OperationId> = Extract<keyof Responses<Op>, 200 | 201 | 202>;

type SuccessContent<Op extends OperationId> = Responses<Op>[SuccessStatus<Op>] extends {
  content: infer Content;
}
  ? Content
  : never;

/**
 * Every body an operation's success answer may carry, whatever its media type: its JSON, CSV text,
 * or an image (named `string` by the generated types).
 */
export type SuccessAnswer<Op extends OperationId> = SuccessContent<Op>[keyof SuccessContent<Op>];

/**
 * The body of an operation's success answer: its JSON, the events of an event stream (`GET /events`,
 * each the `data` of one server-sent event), or the bytes of the image it serves.
 */
export type SuccessBody<Op extends OperationId> =
  SuccessContent<Op> extends { 'application/json': infer Body }
    ? Body
    : SuccessContent<Op> extends { 'text/event-stream': unknown }
      ? components['schemas']['LiveEvent'][]
      : Uint8Array<ArrayBuffer>;

type Parameters<Op extends OperationId> = operations[Op]['parameters'];

/** An object type, or an empty object where the operation declares none (`never` in the generated types). */
type OrEmpty<T> = [T] extends [never]
  ? Record<string, never>
  : T extends undefined
    ? Record<string, never>
    : T;

/** The path parameters of an operation (`{ depositId: string }`), as the contract declares them. */
export type PathParams<Op extends OperationId> = OrEmpty<NonNullable<Parameters<Op>['path']>>;

/** The query parameters of an operation, each optional unless the contract requires it. */
export type Query<Op extends OperationId> = OrEmpty<NonNullable<Parameters<Op>['query']>>;

/**
 * The JSON body of an operation's request; `undefined` for an operation that takes none, or takes a
 * multipart form (its handler reads the parts itself).
 */
export type JsonBody<Op extends OperationId> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : undefined;
