#!/usr/bin/env node
// The compiled build of the server (`pnpm --filter @ledgerline/api build`): `src/main.ts` and
// `src/migrate.ts` bundled by esbuild into `dist/main.js` and `dist/migrate.js`, plain ESM for Node 20
// (`node dist/main.js`: no tsx, no dev dependency).
//
// - The workspace's own packages (`@ledgerline/*`) export TypeScript sources: they are bundled in.
//   Every other package stays an import, resolved at run time from `apps/api/node_modules`; the build
//   fails if one of them is not a runtime dependency of `apps/api` (a production install has only those).
// - Files the server reads at run time are found from the package's directory (`src/package-dir.ts`):
//   `drizzle/` (migrations), `../../openapi.yaml` (the contract), `../../apps/site/dist` (the built
//   site). The password list is read from beside its module, so it is copied beside the bundle.
//
// `--outdir <dir>` builds elsewhere than `dist/` (the build's own test does), anywhere under `apps/api`.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const apiDir = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(apiDir, values.outdir ?? 'dist');
if (!outdir.startsWith(`${apiDir}${path.sep}`)) {
  console.error(`--outdir must be inside ${apiDir}: the server finds its files from the package's directory`);
  process.exit(1);
}

const { dependencies = {} } = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
const runtimePackages = new Set(Object.keys(dependencies));
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const missing = new Set();
/** Leaves every package import as an import, except the workspace's own TypeScript packages. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => {
      if (builtins.has(specifier)) return { path: specifier, external: true };
      const name = packageOf(specifier);
      if (name.startsWith('@ledgerline/')) return undefined;
      if (!runtimePackages.has(name)) missing.add(name);
      return { path: specifier, external: true };
    });
  },
};

// The previous build's files go; directories stay: another build may live inside this one's (the
// tests build into dist/test-*, perhaps while `pnpm start` rebuilds dist/).
mkdirSync(outdir, { recursive: true });
for (const entry of readdirSync(outdir, { withFileTypes: true })) {
  if (entry.isFile()) rmSync(path.join(outdir, entry.name));
}
await build({
  absWorkingDir: apiDir,
  entryPoints: { main: 'src/main.ts', migrate: 'src/migrate.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // Modules both entries use (config, database) go into one chunk rather than into each twice; beside
  // the entries, since a module may read a file from beside itself.
  splitting: true,
  chunkNames: '[name]-[hash]',
  plugins: [externalPackages],
  logLevel: 'warning',
});
if (missing.size > 0) {
  console.error(
    `The server imports packages that are not runtime dependencies of apps/api (move them to "dependencies"): ${[...missing].join(', ')}`,
  );
  process.exit(1);
}
copyFileSync(
  path.join(apiDir, 'src', 'policies', 'common-passwords.txt'),
  path.join(outdir, 'common-passwords.txt'),
);
console.log(`Built the server into ${path.relative(process.cwd(), outdir) || '.'}`);
