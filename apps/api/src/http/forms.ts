import type { FastifyRequest } from 'fastify';
import { describeValidationIssue, HttpError } from './errors';
import { validateForm } from './validation';

type MultipartBodySchema = { content?: { 'multipart/form-data'?: { schema?: object } } };

/** The contract's multipart schema of the request's operation. */
export function multipartSchemaOf(request: FastifyRequest): object {
  const schema = (request.routeOptions.schema?.body as MultipartBodySchema | undefined)?.content?.[
    'multipart/form-data'
  ]?.schema;
  if (!schema) throw new Error('The contract declares no multipart form for this operation');
  return schema;
}

/**
 * Reads a multipart form of text fields and checks it whole against the contract before anything is
 * applied: any other field, a file, a repeated field or an over-long value refuses the whole form
 * with 400, naming the field.
 */
export async function readTextForm(request: FastifyRequest): Promise<Record<string, string>> {
  const schema = multipartSchemaOf(request);
  // No prototype: a field named `__proto__` is just a field, refused like any unknown one.
  const fields: Record<string, unknown> = Object.create(null);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        part.file.resume();
        throw new HttpError(400, `${part.fieldname} must be text, not a file`);
      }
      const previous = fields[part.fieldname];
      // A repeated field becomes a list, which the schema refuses ("must be string").
      fields[part.fieldname] = previous === undefined ? part.value : [previous, part.value].flat();
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 413) throw new HttpError(413, 'Request body is too large');
    // A truncated or malformed form is the sender's mistake, never a 5xx.
    throw new HttpError(400, 'body must be a valid multipart form');
  }
  const issue = validateForm(schema, fields);
  if (issue) throw new HttpError(400, describeValidationIssue(issue, 'body'));
  return fields as Record<string, string>;
}
