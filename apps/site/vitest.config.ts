import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

// The site's pure logic (figures, periods, states), beside what it tests. Its screens are specified by
// their stories instead. Styles compile as in the build: a module under test may import the ui.
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    name: 'site',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
