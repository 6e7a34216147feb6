import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Button } from '../Button/Button';
import { PageHeader } from './PageHeader';

/** A decorative picture for the stories: a rising chart on a card, drawn in the theme's colours. */
function ChartIllustration() {
  return (
    <svg viewBox="0 0 320 220" aria-hidden="true" focusable="false" style={{ width: '100%', maxWidth: 360 }}>
      <rect
        x="10"
        y="10"
        width="300"
        height="200"
        rx="16"
        style={{ fill: vars.color.surface, stroke: vars.color.border }}
      />
      <rect x="34" y="34" width="90" height="10" rx="5" style={{ fill: vars.color.surfaceSunken }} />
      <rect x="34" y="54" width="140" height="16" rx="8" style={{ fill: vars.color.border }} />
      {[0, 1, 2, 3].map((line) => (
        <path key={line} d={`M34 ${100 + line * 28}h252`} style={{ stroke: vars.color.border }} />
      ))}
      <path
        d="M34 178 78 150l40 12 44-44 40 18 40-52 44-10"
        fill="none"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
        style={{ stroke: vars.color.accent }}
      />
      <circle cx="286" cy="74" r="7" style={{ fill: vars.color.accent }} />
    </svg>
  );
}

const startTrading = fn();

/**
 * The top of a public page: its one `<h1>`, a brief, and optionally the page's main action and an
 * illustration beside the text. About Us uses all of them ("Start Trading" to /sign-up); legal pages
 * use the title and a dated brief only.
 */
const meta = {
  title: 'Product/PageHeader',
  component: PageHeader,
  args: {
    title: 'About Us',
    brief:
      'Ledgerline invests your deposits through automated trading, and records every movement of your balance so you can see where your money is.',
    actions: (
      <Button asChild>
        <a
          href="/sign-up"
          onClick={(event) => {
            event.preventDefault();
            startTrading();
          }}
        >
          Start Trading
        </a>
      </Button>
    ),
  },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Title, brief and the page's action. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    const action = canvas.getByRole('link', { name: 'Start Trading' });
    await expect(action).toHaveAttribute('href', '/sign-up');
    await userEvent.tab();
    await waitFor(() => expect(action).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(startTrading).toHaveBeenCalled();
  },
};

/** With an illustration: side by side on a wide screen. */
export const WithIllustration: Story = {
  args: { eyebrow: 'About Us', title: 'Investing you can follow', illustration: <ChartIllustration /> },
  parameters: { screenshot: { width: 1280, height: 520 } },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 1, name: 'Investing you can follow' });
    const picture = canvasIllustration(canvas.getByRole('heading', { level: 1 }));
    // Beside the text, not under it.
    await expect(picture.getBoundingClientRect().left).toBeGreaterThan(heading.getBoundingClientRect().left);
    await expect(picture.getBoundingClientRect().top).toBeLessThan(heading.getBoundingClientRect().bottom);
  },
};

/** On a phone the illustration goes under the text. */
export const WithIllustrationNarrow: Story = {
  args: { eyebrow: 'About Us', title: 'Investing you can follow', illustration: <ChartIllustration /> },
  parameters: { screenshot: { width: 375, height: 800 } },
  play: async ({ canvas }) => {
    const action = canvas.getByRole('link', { name: 'Start Trading' });
    const picture = canvasIllustration(canvas.getByRole('heading', { level: 1 }));
    await expect(picture.getBoundingClientRect().top).toBeGreaterThan(action.getBoundingClientRect().bottom);
  },
};

/** A legal page: title and date, no action. */
export const TitleOnly: Story = {
  args: {
    title: 'Privacy Policy',
    brief: 'Last updated September 10, 2023',
    actions: undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** Centred, for a header that stands alone (Reviews). */
export const Centered: Story = {
  args: {
    align: 'center',
    title: 'Embracing Healthy Competition',
    brief: 'Compare us with any other platform you are considering. Here is what some customers say.',
    actions: undefined,
  },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(getComputedStyle(heading).textAlign).toBe('center');
  },
};

/** The illustration is the header's last child, after the text column. */
function canvasIllustration(heading: HTMLElement): HTMLElement {
  const picture = heading.parentElement?.nextElementSibling;
  if (!(picture instanceof HTMLElement)) throw new Error('no illustration');
  return picture;
}
