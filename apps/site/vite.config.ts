import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The back office's styles: its screens' and those of the components only it uses (exported apart,
 * from `@ledgerline/ui/back-office`). They stay with its chunks, out of the site's one stylesheet.
 */
const backOfficeStyle = /[\\/](screens[\\/]admin|components[\\/](ConfirmDialog|ImageViewer|Timeline))[\\/]/;

/**
 * The investor's fund screens' styles, and those of the components only they use (exported apart, from
 * `@ledgerline/ui/funds`): with their chunks too, so that no other page's stylesheet grows with them.
 */
const fundsStyle =
  /[\\/](screens[\\/]dashboard[\\/](funds|portfolio)|components[\\/](FundCard|FundChart|RiskWarning))[\\/]/;

// In development the API runs beside Vite (`pnpm dev`); in production one process serves both.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader in a chunk of its own too: the signed-in pages' loaders bring the query
      // cache's code, which no public page loads.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    vanillaExtractPlugin(),
  ],
  server: { host: '127.0.0.1', port: 5173, proxy: { '/api': apiTarget } },
  build: {
    target: 'es2022',
    // Each chunk's CSS apart, so that the back office's styles load with its chunks alone; every
    // other style goes into one stylesheet (the `styles` group below), linked by every page.
    cssCodeSplit: true,
    // scripts/prerender.mjs reads it to link each prerendered page's own chunks and CSS.
    manifest: true,
    rollupOptions: {
      // The island pages' own entry (scripts/prerender.mjs): it hydrates a page without the router.
      input: { index: 'index.html', 'island-main': 'src/island-main.tsx' },
      output: {
        codeSplitting: {
          groups: [
            // One stylesheet for the whole site but the back office: every page's CSS together (~13 KB
            // gzip) is smaller than the dozen render-blocking files a public page would otherwise
            // wait for, one round trip each. The group holds only CSS, so it leaves no script.
            {
              name: 'styles',
              test: (id) => /\.css(\?|$)/.test(id) && !backOfficeStyle.test(id) && !fundsStyle.test(id),
              priority: 30,
            },
            // React alone (every page), and the router apart: the island pages hydrate without it.
            {
              name: 'react',
              test: /node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(react|react-dom|scheduler)[\\/]/,
              priority: 20,
            },
            // The store the router shares with TanStack Form, in a chunk of its own: in the router's
            // group (which takes its dependencies with it) a form would load the router too.
            {
              name: 'store',
              test: /node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(use-sync-external-store|@tanstack[\\/](store|react-store))[\\/]/,
              priority: 15,
            },
            {
              name: 'router',
              test: /node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@tanstack[\\/](react-router|router-core|history)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
      onwarn(warning, warn) {
        // Radix packages start with "use client"; irrelevant outside a server-components build.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
