import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { InlineConfig } from 'vite';

/** One Storybook for the design system's components and the site's screens. */
const config: StorybookConfig = {
  stories: ['../packages/ui/src/**/*.stories.tsx', '../apps/site/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', 'msw-storybook-addon'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The site's own files (illustrations) are served to its screens' stories as the site serves them.
  staticDirs: ['./public', '../apps/site/public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The props tables of the docs pages come from the components' types. The stories' test build
  // (STORYBOOK_TEST_BUILD, set by scripts/test-stories.mjs) has no one reading docs, and skips them:
  // the typed docgen reads every component with the TypeScript compiler.
  typescript: { reactDocgen: process.env.STORYBOOK_TEST_BUILD ? false : 'react-docgen-typescript' },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    const ours: InlineConfig = {
      plugins: [vanillaExtractPlugin()],
      build: {
        rollupOptions: {
          onwarn(warning, warn) {
            // Radix packages start with "use client"; irrelevant outside a server-components build.
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
            warn(warning);
          },
        },
      },
    };
    return mergeConfig(viteConfig, ours);
  },
};
export default config;
