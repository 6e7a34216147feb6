import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import { toMatchImageSnapshot } from 'jest-image-snapshot';
import pixelmatch from 'pixelmatch';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';

/**
 * Each story is checked in every theme under test (SB_THEMES, "light,dark" by default) in one visit:
 * 1. its play function passed (it runs once, in the first theme);
 * 2. the axe scan found no violation: every rule in the first theme, the colour rules in the next;
 * 3. its screenshot in each theme equals that theme's committed baseline, pixel for pixel (compared
 *    in this process, not in one Node process per image).
 * After the first theme's checks the page swaps the theme class on <body> (all a theme changes is
 * CSS), asks addon-a11y for a new scan and takes the next screenshot: one render, two themes. The
 * next story mounts afresh and its theme decorator puts the first theme back.
 *
 * The test-runner 0.24 resolves on Storybook 10's `storyFinished`, whose status stays "success" when
 * a play function throws in a test environment, and it was seen to let both play failures and axe
 * violations through. So the page records, per story, every failure event and the a11y report
 * itself, and postVisit fails the story on either.
 */
type ThemeName = 'light' | 'dark';
const themes: ThemeName[] = (process.env.SB_THEMES ?? 'light,dark')
  .split(',')
  .map((name) => (name.trim() === 'dark' ? 'dark' : 'light'));
const firstTheme = themes[0] ?? 'light';
const snapshotsDir = (theme: ThemeName) => path.join(process.cwd(), '.storybook', '__screenshots__', theme);

type ScreenshotParameters = { width?: number; height?: number };
type StoryOutcome = { finished: boolean; errors: string[]; violations: string[] };
type Violation = { id: string; help: string; nodes: { target: unknown[] }[] };
type OutcomeWindow = {
  __storyOutcomes: Record<string, StoryOutcome>;
  /**
   * Swaps the theme class on <body> and resolves with addon-a11y's scan of the page in that theme
   * (none when the story's a11y parameters are null: its scan is off).
   */
  __scanInTheme(theme: ThemeName, storyId: string, a11y: unknown): Promise<string[]>;
  /** The class each theme puts on <body> (set by the preview). */
  __themeClasses: Record<ThemeName, string>;
};

/**
 * The scan of every theme after the first: a theme changes only colours (the values of the colour
 * tokens), never the markup, so the rules that can answer differently are the colour rules alone.
 * The story's own a11y parameters still apply (a rule it turns off stays off).
 */
const colourRules = ['color-contrast', 'link-in-text-block'];
function colourScan(a11y: { options?: Record<string, unknown> } | undefined) {
  return { ...a11y, options: { ...a11y?.options, runOnly: { type: 'rule', values: colourRules } } };
}

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
        on(event: string, listener: (...payload: unknown[]) => void): void;
        off(event: string, listener: (...payload: unknown[]) => void): void;
        once(event: string, listener: () => void): void;
        emit(event: string, ...payload: unknown[]): void;
      };
      const w = window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel } & OutcomeWindow;
      const channel = w.__STORYBOOK_ADDONS_CHANNEL__;
      const listViolations = (violations: Violation[]) =>
        violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);

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
        const { storyId, reporters } = payload as {
          storyId: string;
          reporters?: { type: string; result?: { violations?: Violation[] } }[];
        };
        const a11y = reporters?.find((reporter) => reporter.type === 'a11y');
        const result = outcome(storyId);
        result.violations = listViolations(a11y?.result?.violations ?? []);
        result.finished = true;
      });

      // The next theme: its class on <body>, then addon-a11y's own scan of the page (its "manual" run,
      // with the story's a11y parameters), answered on its result or error event.
      w.__scanInTheme = (theme, storyId, a11y) => {
        document.body.classList.remove(...Object.values(w.__themeClasses));
        document.body.classList.add(w.__themeClasses[theme]);
        if (a11y === null) return Promise.resolve([]);
        return new Promise((resolve, reject) => {
          const onResult = (...args: unknown[]) => {
            const [result, id] = args as [{ violations?: Violation[] }, string];
            if (id !== storyId) return;
            done();
            resolve(listViolations(result.violations ?? []));
          };
          const onError = (error: unknown) => {
            done();
            reject(new Error(`The axe scan failed: ${messageOf(error)}`));
          };
          const done = () => {
            channel.off('storybook/a11y/result', onResult);
            channel.off('storybook/a11y/error', onError);
          };
          channel.on('storybook/a11y/result', onResult);
          channel.on('storybook/a11y/error', onError);
          channel.emit('storybook/a11y/manual', storyId, a11y);
        });
      };

      // The first theme is a Storybook global: set it through the preview's channel.
      await new Promise<void>((resolve) => {
        channel.once('globalsUpdated', resolve);
        channel.emit('updateGlobals', { globals: { theme: themeName } });
      });
    }, firstTheme);
  },

  async preVisit(page, story) {
    const context = await getStoryContext(page, story);
    const screenshot = (context.parameters.screenshot ?? {}) as ScreenshotParameters;
    await page.setViewportSize({ width: screenshot.width ?? 800, height: screenshot.height ?? 600 });
  },

  async postVisit(page, story) {
    // Its play function may wait up to 10 s for each thing it looks for on a busy machine.
    await page.waitForFunction(
      (id) => (window as unknown as OutcomeWindow).__storyOutcomes?.[id]?.finished,
      story.id,
      { timeout: 45_000 },
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
    const a11y = context.parameters.a11y as
      | { test?: string; disable?: boolean; options?: Record<string, unknown> }
      | undefined;
    const scanned = a11y?.test !== 'off' && a11y?.disable !== true;

    for (const [index, theme] of themes.entries()) {
      const violations =
        index === 0
          ? (outcome?.violations ?? [])
          : await page.evaluate(
              ([name, id, parameters]) =>
                (window as unknown as OutcomeWindow).__scanInTheme(name, id, parameters),
              [theme, story.id, scanned ? colourScan(a11y) : null] as const,
            );
      if (scanned && violations.length > 0) {
        throw new Error(`Accessibility violations (axe, ${theme} theme):\n${violations.join('\n')}`);
      }
      await pageSettled(page);
      const baseline = path.join(snapshotsDir(theme), `${story.id}.png`);
      const baselineBytes = existsSync(baseline) ? readFileSync(baseline) : undefined;
      let frame = await settledScreenshot(page, baselineBytes);
      // A frame whose pixels differ is taken again twice, a second apart, before it is compared: on
      // a busy machine two identical frames in a row were once seen before the page had drawn its
      // last change (280 pixels). A real difference stays the same in every frame and still fails.
      // Judged as the matcher judges, not by bytes: a frame the matcher would pass must not cost
      // two seconds of retakes.
      for (let retake = 0; retake < 2 && baselineBytes && !frame.matches; retake += 1) {
        await page.waitForTimeout(1_000);
        frame = await settledScreenshot(page, baselineBytes);
        if (frame.matches) console.warn(`${story.id} (${theme}): matched its baseline only when taken again`);
      }
      const { image } = frame;
      // A matching frame passes here; any other is compared (and its difference drawn) by the matcher.
      if (!frame.matches)
        expect(image).toMatchImageSnapshot({
          customSnapshotsDir: snapshotsDir(theme),
          customSnapshotIdentifier: story.id,
          customDiffDir: path.join(process.cwd(), '.tmp', 'storybook-diffs', theme),
          // Exact: any changed pixel fails. Baselines belong to this Linux image (see README).
          failureThreshold: 0,
          failureThresholdType: 'pixel',
          // Compare here rather than in a new Node process per image.
          runInProcess: true,
        });
    }
  },
};
export default config;

/**
 * Whether a frame matches its baseline as the matcher judges it: the same bytes, or the same size
 * with no pixel differing beyond pixelmatch's colour threshold of 0.01 (the matcher's own default).
 * Two encodings of one drawing, or a glyph's edge a shade apart, match without a retake.
 */
function matchesBaseline(baseline: Buffer, frame: Buffer): boolean {
  if (baseline.equals(frame)) return true;
  const expected = PNG.sync.read(baseline);
  const actual = PNG.sync.read(frame);
  if (expected.width !== actual.width || expected.height !== actual.height) return false;
  const { width, height } = expected;
  return pixelmatch(expected.data, actual.data, null, width, height, { threshold: 0.01 }) === 0;
}

/**
 * Waits for what the page has asked for to be drawn: every declared font face loaded (`fonts.ready`
 * alone can resolve before a face the story uses has even been requested) and every image that is
 * not lazy decoded. It never waits for the network to fall idle: a story showing a loading state
 * holds a request open for ever, by design.
 */
async function pageSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all([...document.fonts].map((face) => face.load()));
    await document.fonts.ready;
    await Promise.all(
      [...document.images]
        .filter((image) => image.loading !== 'lazy' && !image.complete)
        .map((image) => image.decode().catch(() => undefined)),
    );
  });
}

/**
 * Waits for every finite animation and transition to end, then screenshots until the page is still:
 * an exact-pixel baseline must never catch a component mid-animation. A frame byte for byte equal to
 * the committed baseline is the settled page already (the baseline was taken settled, and Chromium
 * encodes the same pixels to the same bytes); any other frame is taken again until two in a row are
 * identical, and that one is compared. Answers the frame and whether it matches the baseline.
 */
async function settledScreenshot(
  page: Page,
  baseline: Buffer | undefined,
): Promise<{ image: Buffer; matches: boolean }> {
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
    // Each frame is judged against the baseline once (decoding two PNGs is the costly part), and
    // the answer travels with it.
    if (baseline && matchesBaseline(baseline, image)) return { image, matches: true };
    if (previous?.equals(image)) return { image, matches: false };
    previous = image;
  }
  throw new Error('The story never settled: ten screenshots in a row differed.');
}
