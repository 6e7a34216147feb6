import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs beside Vite (`pnpm dev`); in production one process serves both.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), vanillaExtractPlugin()],
  server: { host: '127.0.0.1', port: 5173, proxy: { '/api': apiTarget } },
  build: {
    target: 'es2022',
    // scripts/prerender.mjs reads it to link each prerendered page's own chunks and CSS.
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // Radix packages start with "use client"; irrelevant outside a server-components build.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
