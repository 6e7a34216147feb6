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

describe('server modules', () => {
  it('import each other in one direction only: no cycle, however long', () => {
    const graph = moduleImports();
    expect(graph.get('money')).toContain('auth');
    expect(findCycle(graph)).toBeNull();
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
