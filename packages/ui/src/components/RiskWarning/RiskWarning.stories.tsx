import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { fundRiskWarning, RiskWarning } from './RiskWarning';

/**
 * The warning every screen that promotes or sells a fund carries, and the invest dialog: its words
 * are fixed, and it is a named note a screen reader can find.
 */
const meta = {
  title: 'Trading/RiskWarning',
  component: RiskWarning,
  parameters: { screenshot: { width: 640, height: 160 } },
} satisfies Meta<typeof RiskWarning>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const note = canvas.getByRole('note', { name: 'Risk warning' });
    await expect(note).toBeVisible();
    await expect(note).toHaveTextContent(`Risk warning: ${fundRiskWarning}`);
    await expect(fundRiskWarning).toBe(
      "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you should not expect to be protected if something goes wrong.",
    );
    // The triangle is decoration: the words say it.
    await expect(canvas.queryAllByRole('img')).toHaveLength(0);
  },
};

/** On a phone the words wrap under nothing: the icon stays at the top. */
export const Narrow: Story = {
  parameters: { screenshot: { width: 320, height: 260 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('note', { name: 'Risk warning' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};
