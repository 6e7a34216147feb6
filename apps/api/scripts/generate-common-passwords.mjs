#!/usr/bin/env node
// Writes src/policies/common-passwords.txt, the list of commonly breached passwords the password
// policy refuses, from the ranked list `@zxcvbn-ts/language-common` ships (a devDependency: it is
// read here, offline, never at run time). One password a line, most common first, lower-cased and
// without duplicates. Run again after upgrading that package:
//   node apps/api/scripts/generate-common-passwords.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve('@zxcvbn-ts/language-common/package.json'));
const ranked = JSON.parse(readFileSync(path.join(packageDir, 'src', 'passwords.json'), 'utf8'));
if (!Array.isArray(ranked) || ranked.length < 10_000) {
  throw new Error(`Expected at least 10,000 ranked passwords, found ${ranked?.length}`);
}

const seen = new Set();
for (const password of ranked) {
  const normalised = String(password).toLowerCase();
  // A line-based file cannot hold a line break; no such entry exists, but never write a broken file.
  if (normalised.length > 0 && !/[\r\n]/.test(normalised)) seen.add(normalised);
}
const target = path.join(import.meta.dirname, '..', 'src', 'policies', 'common-passwords.txt');
writeFileSync(target, `${[...seen].join('\n')}\n`);
console.log(`Wrote ${seen.size} common passwords to ${path.relative(process.cwd(), target)}`);
