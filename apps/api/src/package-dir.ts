import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The API package's directory (`apps/api`): the nearest directory above this code holding a
 * `package.json`. The same rule finds it from the sources (`src/`) and from the compiled build
 * (`dist/main.js`, one file that every module is bundled into), so every file the server reads at
 * run time is found from here, never from the depth of the module that reads it.
 */
function packageDirOf(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

export const apiDir = packageDirOf(import.meta.dirname);

/** The repository's root: the contract (`openapi.yaml`) and the built site (`apps/site/dist`). */
export const repoRoot = path.resolve(apiDir, '..', '..');
