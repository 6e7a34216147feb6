import { defineConfig } from 'vitest/config';

// Unit and integration tests of every package; each project has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['apps/api', 'apps/site', 'packages/api-client', 'packages/engine', 'packages/rules'],
  },
});
