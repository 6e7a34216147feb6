#!/usr/bin/env node
import { readFileSync } from 'node:fs';
// Fails when openapi.yaml is not a valid OpenAPI 3.1 document, or when an operation lacks what the
// contract promises every operation has: an operationId, a summary, tags and a success example.
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { parse } from 'yaml';
import { recordResult, root } from './lib/proc.mjs';

const file = path.join(root, 'openapi.yaml');
const result = await validate(file);
const problems = result.valid ? [] : [compileErrors(result)];

const document = parse(readFileSync(file, 'utf8'));
let operations = 0;
for (const [route, item] of Object.entries(document.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
    operations++;
    const name = `${method.toUpperCase()} ${route}`;
    if (!operation.operationId) problems.push(`${name}: no operationId`);
    if (!operation.summary) problems.push(`${name}: no summary`);
    if (!operation.tags?.length) problems.push(`${name}: no tags`);
    const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'));
    const media = success ? Object.values(success[1].content ?? {}) : [];
    const hasExample = media.some(
      (m) => m.example !== undefined || m.examples !== undefined || m.schema?.example,
    );
    if (media.length > 0 && !hasExample) problems.push(`${name}: no example on its success answer`);
  }
}

if (problems.length > 0) {
  console.error(`openapi.yaml is invalid:\n${problems.join('\n')}`);
  recordResult('contract', { passed: 0, failed: 1, skipped: 0 });
  process.exit(1);
}
console.log(`openapi.yaml: valid OpenAPI ${document.openapi}, ${operations} operations`);
recordResult('contract', { passed: 1, failed: 0, skipped: 0 });
