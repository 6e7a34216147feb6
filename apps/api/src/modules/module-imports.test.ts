import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modulesDir = import.meta.dirname;

/** Each server module (a folder here) and the other modules its files, tests included, import. */
function moduleImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const entry of readdirSync(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const imports = new Set<string>();
    for (const file of readdirSync(path.join(modulesDir, entry.name), { recursive: true })) {
      if (!String(file).endsWith('.ts')) continue;
      const text = readFileSync(path.join(modulesDir, entry.name, String(file)), 'utf8');
      for (const [, other] of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) {
        if (other && other !== entry.name) imports.add(other);
      }
    }
    graph.set(entry.name, imports);
  }
  return graph;
}

/** The first cycle found, as the modules along it (`['money', 'admin', 'money']`), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const visit = (name: string, trail: string[]): string[] | null => {
    if (trail.includes(name)) return [...trail.slice(trail.indexOf(name)), name];
    if (done.has(name)) return null;
    for (const next of graph.get(name) ?? []) {
      const cycle = visit(next, [...trail, name]);
      if (cycle) return cycle;
    }
    done.add(name);
    return null;
  };
  for (const name of graph.keys()) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return null;
}

const srcDir = path.join(modulesDir, '..');

/** Every TypeScript file under `dir`, as paths relative to `src`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.relative(srcDir, path.join(dir, file)));
}

/** The files that import a server module, among `files` (relative to `src`). */
function importingAModule(files: string[]): string[] {
  return files.filter((file) =>
    /from '(\.\.\/)+modules\//.test(readFileSync(path.join(srcDir, file), 'utf8')),
  );
}

/**
 * The files outside the ledger module that name the ledger's tables (by their SQL names or their
 * schema exports). The schema declares them and migrations create them; tests may read them to check
 * what the ledger wrote.
 */
function namingLedgerTables(): string[] {
  return sourceFiles(srcDir).filter((file) => {
    if (file.startsWith(`modules${path.sep}ledger${path.sep}`)) return false;
    if (file === path.join('db', 'schema.ts') || file.endsWith('.test.ts')) return false;
    // Test support reads the books to check them, as the tests themselves do: it writes nothing.
    if (file.startsWith(`testing${path.sep}`)) return false;
    const text = readFileSync(path.join(srcDir, file), 'utf8');
    return /ledger_entries|ledger_journals|ledgerEntries|ledgerJournals/.test(text);
  });
}

/** The files of `dir` (relative to `src`) that import one another in a circle, as the first circle found. */
function fileCycle(dir: string): string[] | null {
  const graph = new Map<string, Set<string>>();
  for (const file of readdirSync(path.join(srcDir, dir)).filter((name) => name.endsWith('.ts'))) {
    const text = readFileSync(path.join(srcDir, dir, file), 'utf8');
    const imports = new Set<string>();
    for (const [, other] of text.matchAll(/from '\.\/([a-z-]+)'/g)) if (other) imports.add(`${other}.ts`);
    graph.set(file, imports);
  }
  return findCycle(graph);
}

describe('server modules', () => {
  it('import each other in one direction only: no cycle, however long', () => {
    const graph = moduleImports();
    expect(graph.get('money')).toContain('auth');
    expect(findCycle(graph)).toBeNull();
  });

  it("leave the ledger's tables to the ledger module: no other code names them", () => {
    expect(namingLedgerTables()).toEqual([]);
  });

  it('are not imported by the configuration, which every module reads', () => {
    expect(sourceFiles(path.join(srcDir, 'config'))).toContain(path.join('config', 'config.ts'));
    expect(importingAModule(sourceFiles(path.join(srcDir, 'config')))).toEqual([]);
  });

  it('send mail through files that import each other in one direction only', () => {
    expect(fileCycle('mail')).toBeNull();
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['money', new Set(['audit'])],
      ['audit', new Set(['users'])],
      ['users', new Set(['money'])],
    ]);
    expect(findCycle(graph)).toEqual(['money', 'audit', 'users', 'money']);
  });
});
