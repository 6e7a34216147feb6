#!/usr/bin/env node
// Publishes the static Storybook to Chromatic when CHROMATIC_PROJECT_TOKEN is set. The service is not
// reachable from this workplace: here the committed pixel baselines are the visual regression check.
import { bin, run } from './lib/proc.mjs';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log(
    'CHROMATIC_PROJECT_TOKEN is not set: nothing to publish (the local baselines are the visual check).',
  );
  process.exit(0);
}
const built = await run(bin('storybook'), ['build', '-o', 'storybook-static', '--quiet']);
if (built !== 0) process.exit(built);
process.exit(
  await run('npx', [
    '--yes',
    'chromatic@13',
    '--storybook-build-dir',
    'storybook-static',
    '--exit-zero-on-changes',
  ]),
);
