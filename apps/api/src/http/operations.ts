import type {
  JsonBody,
  OperationId,
  PathParams,
  Query,
  SuccessAnswer,
} from '@ledgerline/api-client/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How many requests one client address may make to an operation in a time window. */
export type RateLimit = { max: number; timeWindow: string };

/** The request of one operation: its path parameters, query and JSON body typed from the contract. */
export type OperationRequest<Op extends OperationId> = FastifyRequest<{
  Params: PathParams<Op>;
  Querystring: Query<Op>;
  Body: JsonBody<Op>;
}>;

/**
 * What a handler answers: a body of the contract's success answer, or the reply itself when the
 * handler sent the answer (the bytes of a file). A failure is thrown as an HttpError, never returned.
 */
export type OperationAnswer<Op extends OperationId> = SuccessAnswer<Op> | FastifyReply;

/** One operation of the contract as a module implements it. */
export type Operation<Op extends OperationId> = {
  handler: (request: OperationRequest<Op>, reply: FastifyReply) => Promise<OperationAnswer<Op>>;
  /** Beyond it the answer is 429 with `Retry-After`, before the body is read. */
  rateLimit?: RateLimit;
};

/** Every operation of the contract, each with its one handler: a missing one is a compile error. */
export type OperationTable = { [Op in OperationId]: Operation<Op> };

/**
 * Some operations of the contract, as one module implements them. Modules write their table as an
 * object literal `satisfies Operations`, so a misspelt operationId is a compile error there too.
 */
export type Operations = Partial<OperationTable>;
