import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { textRuleKeyword } from './validation';

/** An error with a status and a message meant for the person who sent the request. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Headers the answer carries (for example `Retry-After` on a 429). */
  readonly headers: Record<string, string>;
  constructor(statusCode: number, msg: string, headers: Record<string, string> = {}) {
    super(msg);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** "body/email must ..." becomes "email must be a valid email address": the field, in plain words. */
export function describeValidationIssue(issue: ValidationIssue, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const params = issue.params as Record<string, unknown>;
  const where = path || (context === 'body' ? 'body' : (context ?? 'request'));
  switch (issue.keyword) {
    case 'required':
      return `${path ? `${path}.` : ''}${String(params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${path ? `${path}.` : ''}${String(params.additionalProperty)} is not an accepted field`;
    case 'format':
      return `${where} must be a valid ${params.format === 'email' ? 'email address' : String(params.format)}`;
    case 'maxLength':
      return `${where} must be at most ${String(params.limit)} characters`;
    case 'minLength':
      return Number(params.limit) === 1
        ? `${where} is required`
        : `${where} must be at least ${String(params.limit)} characters`;
    case 'enum':
      return `${where} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'pattern':
      return `${where} is not in the accepted format`;
    case 'const':
      return `${where} must be ${JSON.stringify(params.allowedValue)}`;
    case textRuleKeyword:
      return params.kind === 'multiline'
        ? `${where} must not contain control characters`
        : `${where} must be one line, without control characters`;
    case 'oneOf':
      return issue.message ?? `${where} must match exactly one accepted form`;
    default:
      return `${where} ${issue.message ?? 'is invalid'}`;
  }
}

/** The one error handler: every error answers `{ msg }` with its status; 5xx details stay in the log. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.validation && error.validation.length > 0) {
    const [first] = error.validation;
    const msg = first ? describeValidationIssue(first, error.validationContext) : 'Invalid request';
    return reply.status(400).send({ msg });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply.status(413).send({ msg: 'Request body is too large' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply.status(415).send({ msg: 'Unsupported Content-Type' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.status(400).send({ msg: 'body must be valid JSON' });
  }
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).headers(error.headers).send({ msg: error.message });
  }
  const status = error.statusCode ?? 500;
  // fastify-openapi-glue wraps a failed security handler: answer with that handler's own message.
  const inner = (error as FastifyError & { errors?: unknown[] }).errors?.[0];
  if (inner instanceof HttpError) {
    return reply.status(inner.statusCode).headers(inner.headers).send({ msg: inner.message });
  }
  if (status >= 400 && status < 500) return reply.status(status).send({ msg: error.message });
  request.log.error({ err: error }, 'request failed');
  return reply
    .status(status >= 500 && status < 600 ? status : 500)
    .send({ msg: 'Something went wrong on our side. Please try again.' });
}

/** The router's own refusals, made before a request reaches a route. */
export function answerRouterError(error: FastifyError, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ msg: 'The address is too long' });
  }
  return reply.status(400).send({ msg: 'The address is not valid' });
}
