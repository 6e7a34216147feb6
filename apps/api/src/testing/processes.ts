import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll } from 'vitest';

/** A port free on 127.0.0.1 right now, for a server started as its own process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * What a test file's server processes leave behind: the processes still running are killed and the
 * directories removed after the file, whatever its tests did.
 */
export function cleansUpAfterFile(): { children: ChildProcess[]; dirs: string[] } {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  afterAll(() => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return { children, dirs };
}
