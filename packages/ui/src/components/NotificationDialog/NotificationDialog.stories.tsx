import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, spyOn, userEvent, waitFor } from 'storybook/test';
import { NotificationDialog } from './NotificationDialog';

/**
 * Shows a notification from the back office when the dashboard opens (if it has a title and content
 * and has not been seen). Its HTML is sanitised: formatting and links survive, scripts, event
 * handlers and `javascript:` links do not. "Okay" dismisses it and calls `onOkay`, where the screen
 * marks it seen.
 */
const meta = {
  title: 'Overlays/NotificationDialog',
  component: NotificationDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onOkay: fn(),
    title: 'Scheduled maintenance',
    content:
      '<p>Trading pauses on <strong>Sunday from 02:00 to 04:00 UTC</strong> while we upgrade our systems.</p>' +
      '<ul><li>Deposits made during the window are credited afterwards.</li><li>Open plans keep earning.</li></ul>' +
      '<p>Follow the upgrade on our <a href="https://status.example.com/">status page</a>.</p>',
  },
} satisfies Meta<typeof NotificationDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Scheduled maintenance' });
    // The formatting survives and the message is the dialog's description.
    await expect(dialog.querySelector('strong')).toHaveTextContent('Sunday from 02:00 to 04:00 UTC');
    await expect(dialog).toHaveAccessibleDescription(/Trading pauses on Sunday/);
    await expect(screen.getAllByRole('listitem')).toHaveLength(2);
    // Links open in a new tab, with no handle back on the dashboard.
    const link = screen.getByRole('link', { name: 'status page' });
    await expect(link).toHaveAttribute('href', 'https://status.example.com/');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // "Okay" is the one action: focused first, pressing it dismisses and reports it.
    const okay = screen.getByRole('button', { name: 'Okay' });
    await waitFor(() => expect(okay).toHaveFocus());
    await expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.click(okay);
    await expect(args.onOkay).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

let alertSpy: ReturnType<typeof spyOn> | undefined;

export const MaliciousContentNeutralised: Story = {
  args: {
    title: 'Bonus unlocked',
    content:
      '<p onclick="alert(1)">You have earned a <em>welcome bonus</em>.</p>' +
      '<img src=x onerror=alert(2)>' +
      '<script>alert(3)</script>' +
      '<p><a href="javascript:alert(4)">Claim your bonus</a></p>' +
      '<p><a href="  JaVaScRiPt:alert(5)">Read the terms</a></p>' +
      '<iframe src="https://evil.example.com/"></iframe>' +
      '<form action="https://evil.example.com/"><input name="password"></form>',
  },
  beforeEach: () => {
    alertSpy = spyOn(window, 'alert').mockImplementation(() => {});
    return () => alertSpy?.mockRestore();
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Bonus unlocked' });
    // The harmless part is still shown.
    await waitFor(() => expect(screen.getByText('welcome bonus')).toBeVisible());
    // Nothing executable reached the page.
    await expect(dialog.querySelector('script, img, iframe, form, input')).toBeNull();
    await expect(document.querySelector('[onerror], [onclick]')).toBeNull();
    // The javascript: links keep their words but lose their href, so they are no longer links.
    for (const words of ['Claim your bonus', 'Read the terms']) {
      const anchor = screen.getByText(words);
      await expect(anchor.tagName).toBe('A');
      await expect(anchor).not.toHaveAttribute('href');
    }
    await expect(screen.queryByRole('link')).toBeNull();
    // Give an injected handler the chance to run: none does.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(alertSpy).not.toHaveBeenCalled();
  },
};

export const DismissedWithOkay: Story = {
  args: { open: undefined, defaultOpen: true },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Scheduled maintenance' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Okay' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOkay).toHaveBeenCalledTimes(1);
  },
};

export const EscapeClosesWithoutOkay: Story = {
  args: { open: undefined, defaultOpen: true },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Scheduled maintenance' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onOkay).not.toHaveBeenCalled();
  },
};
