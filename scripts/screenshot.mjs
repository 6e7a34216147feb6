#!/usr/bin/env node
// Takes a screenshot of a page with Debian's Chromium, to look at what we build:
//   node scripts/screenshot.mjs <url> <out.png> [width=1280] [height=800] [--dark] [--full]
import { chromium } from 'playwright-core';

const [url, out, width = '1280', height = '800'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!url || !out) {
  console.error('usage: screenshot.mjs <url> <out.png> [width] [height] [--dark] [--full]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({
  viewport: { width: Number(width), height: Number(height) },
  colorScheme: process.argv.includes('--dark') ? 'dark' : 'light',
});
page.on('console', (message) => {
  if (message.type() === 'error') console.error(`console: ${message.text()}`);
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.evaluate(() => document.fonts.ready);
await page.screenshot({ path: out, fullPage: process.argv.includes('--full') });
await browser.close();
console.log(out);
