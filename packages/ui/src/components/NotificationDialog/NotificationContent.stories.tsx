import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NotificationContent } from './NotificationContent';

/**
 * A notification's body, sanitised: formatting and links stay; scripts, event handlers, styles and
 * `javascript:` links go. The back office previews a notification with it.
 */
const meta = {
  title: 'Overlays/NotificationContent',
  component: NotificationContent,
  args: {
    html: '<p>Your account is now on the <strong>Gold</strong> plan. <a href="/dashboard/trading-plans">See the plans</a>.</p><ul><li>Lower fees</li><li>Faster withdrawals</li></ul>',
  },
} satisfies Meta<typeof NotificationContent>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Formatted: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Gold').tagName).toBe('STRONG');
    await expect(canvas.getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      '/dashboard/trading-plans',
    );
  },
};

/** What is not formatting or a safe link is dropped, as on the user's dashboard. */
export const Sanitised: Story = {
  args: {
    html: '<p onclick="alert(1)">Hello <img src="x" onerror="alert(2)"><script>alert(3)</script><a href="javascript:alert(4)">a trap</a></p>',
  },
  play: async ({ canvasElement }) => {
    const html = canvasElement.innerHTML;
    await expect(html).not.toMatch(/onclick|onerror|<script|<img|javascript:/);
    await expect(canvasElement).toHaveTextContent('Hello a trap');
  },
};
