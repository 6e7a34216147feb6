import type { components } from '@ledgerline/api-client';
import type { FastifyRequest } from 'fastify';
import { describeValidationIssue, HttpError } from '../../http/errors';
import { validateForm } from '../../http/validation';

type ProfileUpdate = components['schemas']['ProfileUpdate'];

/** The profile columns, by the form's field names (the seven of `ProfileUpdate`). */
type ProfileChanges = Partial<Record<keyof ProfileUpdate, string>>;

type MultipartBodySchema = { content?: { 'multipart/form-data'?: { schema?: object } } };

/**
 * Reads the multipart profile form and answers the fields to change. The whole form is read and
 * checked against the contract's `ProfileUpdate` before anything is applied: any other field (role,
 * balances, email, verified…), a file, a repeated field or an over-long value refuses the whole form
 * with 400. Empty fields are left out, so they leave the profile unchanged.
 */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileChanges> {
  const schema = (request.routeOptions.schema?.body as MultipartBodySchema | undefined)?.content?.[
    'multipart/form-data'
  ]?.schema;
  if (!schema) throw new Error('The contract declares no multipart form for this operation');

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

  const changes: ProfileChanges = {};
  for (const [name, value] of Object.entries(fields)) {
    const trimmed = String(value).trim();
    if (trimmed !== '') changes[name as keyof ProfileUpdate] = trimmed;
  }
  return changes;
}
