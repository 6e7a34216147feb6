import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'rules',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // A property test runs a hundred cases: on a machine busy with other work that takes seconds.
    // The limit catches a stuck test, not a slow one.
    testTimeout: 60_000,
  },
});
