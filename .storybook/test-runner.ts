import path from 'node:path';
import { getStoryContext, type TestRunnerConfig, waitForPageReady } from '@storybook/test-runner';
import { toMatchImageSnapshot } from 'jest-image-snapshot';
import type { Page } from 'playwright-core';

/**
 * Three checks per story, in the theme under test (SB_THEME=light|dark):
 * 1. its play function passed;
 * 2. the axe scan that addon-a11y runs after it found no violation;
 * 3. its screenshot equals the committed baseline, pixel for pixel.
 *
 * The test-runner 0.24 resolves on Storybook 10's `storyFinished`, whose status stays "success" when
 * a play function throws in a test environment, and it was seen to let both play failures and axe
 * violations through. So the page records, per story, every failure event and the a11y report
 * itself, and postVisit fails the story on either.
 */
const theme = process.env.SB_THEME === 'dark' ? 'dark' : 'light';
const snapshotsDir = path.join(process.cwd(), '.storybook', '__screenshots__', theme);

type ScreenshotParameters = { width?: number; height?: number };
type StoryOutcome = { finished: boolean; errors: string[]; violations: string[] };
type OutcomeWindow = { __storyOutcomes: Record<string, StoryOutcome> };

const config: TestRunnerConfig = {
  setup() {
    expect.extend({ toMatchImageSnapshot });
  },

  async prepare({ page }) {
    const targetUrl = process.env.TARGET_URL;
    if (!targetUrl) throw new Error('TARGET_URL is not set');
    await page.goto(new URL('iframe.html', targetUrl).toString(), { waitUntil: 'load' });
    await page.waitForFunction(() => '__STORYBOOK_ADDONS_CHANNEL__' in window);
    await page.evaluate(async (themeName) => {
      type Channel = {
        on(event: string, listener: (payload: unknown) => void): void;
        once(event: string, listener: () => void): void;
        emit(event: string, payload: unknown): void;
      };
      const w = window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel } & OutcomeWindow;
      const channel = w.__STORYBOOK_ADDONS_CHANNEL__;

      // Record what happens to each story.
      w.__storyOutcomes = {};
      let current = '';
      const outcome = (id: string) => {
        w.__storyOutcomes[id] ??= { finished: false, errors: [], violations: [] };
        return w.__storyOutcomes[id];
      };
      const messageOf = (e: unknown) =>
        typeof e === 'object' && e !== null && 'message' in e ? String(e.message) : String(e);
      channel.on('storyRenderPhaseChanged', (payload) => {
        const { storyId, newPhase } = payload as { storyId: string; newPhase: string };
        current = storyId;
        // A story rendered again (a re-run) starts from a clean record.
        if (newPhase === 'preparing')
          w.__storyOutcomes[storyId] = { finished: false, errors: [], violations: [] };
      });
      for (const event of [
        'playFunctionThrewException',
        'unhandledErrorsWhilePlaying',
        'storyErrored',
        'storyThrewException',
      ]) {
        channel.on(event, (payload) => {
          const errors = Array.isArray(payload) ? payload : [payload];
          outcome(current).errors.push(...errors.map(messageOf));
        });
      }
      channel.on('storyFinished', (payload) => {
        type Violation = { id: string; help: string; nodes: { target: unknown[] }[] };
        const { storyId, reporters } = payload as {
          storyId: string;
          reporters?: { type: string; result?: { violations?: Violation[] } }[];
        };
        const a11y = reporters?.find((reporter) => reporter.type === 'a11y');
        const result = outcome(storyId);
        result.violations = (a11y?.result?.violations ?? []).map(
          (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        );
        result.finished = true;
      });

      // The theme is a Storybook global: set it through the preview's channel.
      await new Promise<void>((resolve) => {
        channel.once('globalsUpdated', resolve);
        channel.emit('updateGlobals', { globals: { theme: themeName } });
      });
    }, theme);
  },

  async preVisit(page, story) {
    const context = await getStoryContext(page, story);
    const screenshot = (context.parameters.screenshot ?? {}) as ScreenshotParameters;
    await page.setViewportSize({ width: screenshot.width ?? 800, height: screenshot.height ?? 600 });
  },

  async postVisit(page, story) {
    await page.waitForFunction(
      (id) => (window as unknown as OutcomeWindow).__storyOutcomes?.[id]?.finished,
      story.id,
      {
        timeout: 15_000,
      },
    );
    const outcome = await page.evaluate(
      (id) => (window as unknown as OutcomeWindow).__storyOutcomes[id],
      story.id,
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ANSI colours of expect's messages
    const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
    if (outcome && outcome.errors.length > 0) {
      throw new Error(`The story's play function failed:\n${outcome.errors.map(plain).join('\n')}`);
    }
    const context = await getStoryContext(page, story);
    const a11y = context.parameters.a11y as { test?: string; disable?: boolean } | undefined;
    if (outcome && outcome.violations.length > 0 && a11y?.test !== 'off' && a11y?.disable !== true) {
      throw new Error(`Accessibility violations (axe):\n${outcome.violations.join('\n')}`);
    }

    await waitForPageReady(page);
    // Load every declared face before the screenshot: `fonts.ready` alone can resolve before a
    // face that the story uses has even been requested.
    await page.evaluate(async () => {
      await Promise.all([...document.fonts].map((face) => face.load()));
      await document.fonts.ready;
    });
    const image = await stableScreenshot(page);
    expect(image).toMatchImageSnapshot({
      customSnapshotsDir: snapshotsDir,
      customSnapshotIdentifier: story.id,
      customDiffDir: path.join(process.cwd(), '.tmp', 'storybook-diffs', theme),
      // Exact: any changed pixel fails. Baselines belong to this Linux image (see README).
      failureThreshold: 0,
      failureThresholdType: 'pixel',
    });
  },
};
export default config;

/**
 * Waits for every finite animation and transition to end, then screenshots until two frames in a
 * row are identical: an exact-pixel baseline must never catch a component mid-animation.
 */
async function stableScreenshot(page: Page): Promise<Buffer> {
  let previous: Buffer | undefined;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.evaluate(async () => {
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    const image = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    if (previous?.equals(image)) return image;
    previous = image;
  }
  throw new Error('The story never settled: ten screenshots in a row differed.');
}
