import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium drives the built site against the real server (`pnpm start` on a
 * fresh embedded database), with a local SMTP sink for mail and local stand-ins for the market data
 * service and the exchange's prices. global-setup.ts starts all four; nothing leaves 127.0.0.1.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './support/global-setup.ts',
  // Two spec files at a time, each file's tests in order: a test spends most of its time waiting
  // (on the server, on a page's network), and a second file fills those waits. Every spec makes its
  // own accounts, so two running side by side never share one.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A hang detector, not a speed limit: a machine busy with other work runs a long walk 3 times slower.
  timeout: 180_000,
  // How long an assertion waits for the state it means: a sign-in's password hash on a machine busy
  // with the stories beside it has taken over 10 s.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: '../.tmp/e2e.json' }]],
  outputDir: '../.tmp/e2e-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
});
