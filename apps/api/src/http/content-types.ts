import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

type BodySchema = { content?: Record<string, unknown> };

/**
 * Refuses, before reading it, a body whose media type the operation does not declare in the contract
 * (415). Without this, a multipart body sent to a JSON-only operation would reach its handler unread
 * and unvalidated, because the multipart parser is registered for the whole server.
 */
export function refuseUndeclaredMediaTypes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const declared = (request.routeOptions.schema?.body as BodySchema | undefined)?.content;
    const header = request.headers['content-type'];
    if (!declared || header === undefined) return;
    const mediaType = (header.split(';')[0] ?? '').trim().toLowerCase();
    if (!Object.hasOwn(declared, mediaType)) throw new HttpError(415, 'Unsupported Content-Type');
  });
}

type ContractOperation = {
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

/**
 * Media types the contract only answers with (the CSV export, images) are never accepted as a
 * request body: a parser that refuses them (415) says so, and keeps the glue from warning at every
 * start that none exists.
 */
export function refuseResponseOnlyMediaTypes(
  app: FastifyInstance,
  contract: { paths: Record<string, Record<string, unknown>> },
): void {
  const answered = new Set<string>();
  for (const item of Object.values(contract.paths)) {
    for (const operation of Object.values(item) as ContractOperation[]) {
      for (const response of Object.values(operation?.responses ?? {})) {
        for (const mediaType of Object.keys(response?.content ?? {})) answered.add(mediaType);
      }
    }
  }
  const responseOnly = [...answered].filter((mediaType) => !app.hasContentTypeParser(mediaType));
  if (responseOnly.length === 0) return;
  app.addContentTypeParser(responseOnly, (_request, _payload, done) => {
    done(new HttpError(415, 'Unsupported Content-Type'), undefined);
  });
}
