import type { Meta, StoryObj } from '@storybook/react-vite';
import { type MouseEvent, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { ResultDialog } from './ResultDialog';

/**
 * Use a ResultDialog right after a request is submitted (a deposit, a withdrawal, a KYC document):
 * it says what happened and offers one way forward, such as the transaction history. It is
 * controlled: open it when the request succeeds (or fails) and close it from `onOpenChange`.
 */
const meta = {
  title: 'Overlays/ResultDialog',
  component: ResultDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    title: 'Deposit Request Completed',
    message: 'You have made a deposit request of $1,250.00 and it is now awaiting approval',
  },
} satisfies Meta<typeof ResultDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

// In the site this is the router's link; here a click must not navigate the story's frame away.
const stayHere = (event: MouseEvent) => event.preventDefault();

export const DepositRequestCompleted: Story = {
  args: {
    action: (
      <a href="/dashboard/transaction-history" onClick={stayHere}>
        View transaction history
      </a>
    ),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Deposit Request Completed' });
    await expect(dialog).toHaveAccessibleDescription(
      'You have made a deposit request of $1,250.00 and it is now awaiting approval',
    );
    // The one action is a link, and it has focus, ready for Enter.
    const link = screen.getByRole('link', { name: 'View transaction history' });
    await expect(link).toHaveAttribute('href', '/dashboard/transaction-history');
    await waitFor(() => expect(link).toHaveFocus());
    await userEvent.click(link);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const WithdrawalRequestCompleted: Story = {
  args: {
    title: 'Withdrawal Request Completed',
    message: 'You have made a withdrawal request of $480.00 and it is now awaiting approval',
    action: (
      <a href="/dashboard/transaction-history" onClick={stayHere}>
        View transaction history
      </a>
    ),
  },
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Withdrawal Request Completed' });
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const KycRequestSent: Story = {
  args: {
    title: 'KYC Request Sent',
    message: 'Your document has been sent and is awaiting review. We will let you know once it is checked.',
    action: 'Close',
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'KYC Request Sent' });
    // Two ways to close: the action (focused first) and the corner button, both named "Close".
    const closes = screen.getAllByRole('button', { name: 'Close' });
    await expect(closes).toHaveLength(2);
    await waitFor(() => expect(closes[0]).toHaveFocus());
    await expect(dialog).toContainElement(closes[0] ?? null);
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const RequestFailed: Story = {
  args: {
    tone: 'error',
    title: 'Deposit Request Failed',
    message: 'We could not send your deposit request. Check your connection and try again.',
    action: 'Try again',
  },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Deposit Request Failed' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible());
  },
};

/** How a screen uses it: open it when the request resolves, from code rather than a trigger. */
function DepositForm({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Submit deposit</Button>
      <ResultDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange?.(next);
        }}
        title="Deposit Request Completed"
        message="You have made a deposit request of $1,250.00 and it is now awaiting approval"
        action="Done"
      />
    </>
  );
}

export const OpenedAfterSubmit: Story = {
  args: { open: undefined },
  render: (args) => <DepositForm onOpenChange={args.onOpenChange} />,
  play: async ({ args, canvas }) => {
    const submit = canvas.getByRole('button', { name: 'Submit deposit' });
    await userEvent.click(submit);
    await screen.findByRole('dialog', { name: 'Deposit Request Completed' });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    // Focus comes back to where the person was, not to the top of the page.
    await waitFor(() => expect(submit).toHaveFocus());
  },
};
