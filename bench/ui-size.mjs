// The gzip cost of importing each design-system component alone into an app: one production build per
// export, `import { X } from '@ledgerline/ui'`, through the package's barrel as an app would import it.
// If tree-shaking works, importing Button does not pull Dialog, Carousel or the QR code.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { build } from 'vite';

const siteDir = path.resolve(import.meta.dirname, '..', 'apps', 'site');

/** Component exports of packages/ui: capitalised value exports of the barrel. */
export function componentExports(indexSource) {
  const names = new Set();
  for (const block of indexSource.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/components\//g)) {
    for (const part of block[1].split(',')) {
      const name = part.trim();
      if (/^[A-Z]/.test(name) && !name.startsWith('type ')) names.add(name);
    }
  }
  return [...names];
}

async function sizeOf(entrySource, workDir) {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  writeFileSync(path.join(workDir, 'entry.tsx'), entrySource);
  await build({
    root: workDir,
    logLevel: 'silent',
    configFile: false,
    // Resolve the workspace package and React the way the site does.
    resolve: { alias: {} },
    plugins: [vanillaExtractPlugin()],
    build: {
      outDir: path.join(workDir, 'dist'),
      emptyOutDir: true,
      minify: true,
      rollupOptions: {
        input: path.join(workDir, 'entry.tsx'),
        onwarn: () => {},
      },
    },
  });
  let js = 0;
  let css = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) js += gzipSync(readFileSync(full)).length;
      else if (entry.name.endsWith('.css')) css += gzipSync(readFileSync(full)).length;
    }
  };
  walk(path.join(workDir, 'dist'));
  return { js, css };
}

export async function measureComponents() {
  const source = (file) =>
    readFileSync(path.resolve(siteDir, '..', '..', 'packages', 'ui', 'src', file), 'utf8');
  // The package's index, and the components only the back office uses, exported apart.
  const entries = [
    { from: '@ledgerline/ui', names: componentExports(source('index.ts')) },
    { from: '@ledgerline/ui/back-office', names: componentExports(source('back-office.ts')) },
  ];
  // Builds run inside the site package so that '@ledgerline/ui' and 'react' resolve as they do there.
  const workRoot = path.join(siteDir, '.bench-ui');
  const baseline = await sizeOf(
    "import { createRoot } from 'react-dom/client';\nconsole.log(createRoot);\n",
    path.join(workRoot, 'baseline'),
  );
  const rows = [];
  for (const { from, names } of entries)
    for (const name of names) {
      const size = await sizeOf(
        `import { createRoot } from 'react-dom/client';\nimport { ${name} } from '${from}';\nconsole.log(createRoot, ${name});\n`,
        path.join(workRoot, name),
      );
      rows.push({
        component: name,
        'JS KB gzip (over React)': ((size.js - baseline.js) / 1024).toFixed(2),
        'CSS KB gzip': (size.css / 1024).toFixed(2),
      });
    }
  rmSync(workRoot, { recursive: true, force: true });
  return { baselineKb: (baseline.js / 1024).toFixed(1), rows };
}
