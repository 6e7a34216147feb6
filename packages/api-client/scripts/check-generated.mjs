#!/usr/bin/env node
// Fails when src/generated/schema.ts is not what `pnpm gen` makes from openapi.yaml now.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const here = path.resolve(import.meta.dirname, '..');
const fresh = path.join(mkdtempSync(path.join(tmpdir(), 'api-client-')), 'schema.ts');
execFileSync(
  path.join(here, 'node_modules', '.bin', 'openapi-typescript'),
  ['../../openapi.yaml', '-o', fresh],
  {
    cwd: here,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const committed = readFileSync(path.join(here, 'src', 'generated', 'schema.ts'), 'utf8');
if (readFileSync(fresh, 'utf8') !== committed) {
  console.error(
    'packages/api-client/src/generated/schema.ts is stale: run `pnpm gen` and commit the result.',
  );
  process.exit(1);
}
console.log('generated client types match openapi.yaml');
