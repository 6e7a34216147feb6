import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../package-dir';

/** The v1 contract, the one source of truth for routes and validation. */
export const contractPath = path.join(repoRoot, 'openapi.yaml');

export type OpenApiDocument = {
  paths: Record<string, Record<string, { operationId?: string }>>;
  [key: string]: unknown;
};

let parsed: OpenApiDocument | undefined;

/** The parsed contract, read once per process (the glue clones what it uses, so sharing is safe). */
export function loadContract(): OpenApiDocument {
  parsed ??= parse(readFileSync(contractPath, 'utf8')) as OpenApiDocument;
  return parsed;
}

/** Every operationId in the contract. */
export function operationIds(contract: OpenApiDocument): string[] {
  return Object.values(contract.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) => (operation?.operationId ? [operation.operationId] : [])),
  );
}

/** Where the contract's paths are served (its `servers` entry). */
export const apiPrefix = '/api/v1';
