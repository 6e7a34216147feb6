import { configDefaults, defineConfig } from 'vitest/config';

// The api project runs on PGlite by default, and on PostgreSQL when TEST_DATABASE_URL names a server
// (for example postgres://postgres@127.0.0.1:5432/postgres): see src/testing/global-setup.ts.
// Files named `*.postgres.test.ts` need that server (a server process on a real database, killed
// mid-flight): the PGlite run does not collect them at all.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(onPostgres ? [] : ['src/**/*.postgres.test.ts'])],
    globalSetup: ['src/testing/global-setup.ts'],
    setupFiles: ['src/testing/setup.ts'],
    // Test files share a worker's loaded modules (each still gets its own database and mail sink,
    // see src/testing/setup.ts): the server is imported once per worker, not once per file.
    isolate: false,
    // Generous: a busy shared machine can be many times slower than an idle one.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
