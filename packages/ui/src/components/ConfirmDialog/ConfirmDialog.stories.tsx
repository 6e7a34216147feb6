import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

/**
 * The last step before money moves: a question, the amount with its sign, whom it is for and the
 * memo, then one button that does it and one that backs out. It is an alert dialog: focus starts on
 * the button that backs out, and a press beside it does not dismiss it. While the request runs
 * (`pending`, or until the promise `onConfirm` returns settles) the confirming button shows progress
 * and ignores presses; `error` says why an attempt failed.
 */
const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onConfirm: fn(),
    title: 'Post a profit?',
    amount: 250,
    sign: 'credit',
    recipient: 'to Jane Cooper (jane@example.com)',
    memo: 'Weekly profit, week 47',
    confirmLabel: 'Post + $250.00',
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The open dialog, found by its role and its question. */
async function dialogNamed(name: string) {
  const dialog = await screen.findByRole('alertdialog', { name });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** A credit: the amount is written "+ $250.00"; Cancel has focus; one press posts once. */
export const Credit: Story = {
  play: async ({ args }) => {
    const dialog = await dialogNamed('Post a profit?');
    await expect(dialog).toHaveAccessibleDescription('+ $250.00 to Jane Cooper (jane@example.com)');
    await expect(dialog).toHaveTextContent('MemoWeekly profit, week 47');
    // The safe answer has focus: Enter out of habit backs out, it never posts.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Post + $250.00' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** A debit: "- $40.00", with the confirming button drawn as a danger. */
export const Debit: Story = {
  args: {
    title: 'Post an adjustment?',
    amount: 40,
    sign: 'debit',
    recipient: 'from Jane Cooper (jane@example.com)',
    memo: 'Correcting a double credit',
    confirmLabel: 'Post - $40.00',
    destructive: true,
    cancelLabel: 'Back',
  },
  play: async () => {
    const dialog = await dialogNamed('Post an adjustment?');
    await expect(dialog).toHaveAccessibleDescription('- $40.00 from Jane Cooper (jane@example.com)');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus());
  },
};

/** Backing out: Cancel, or Escape; a press beside the dialog does not dismiss it. */
export const Cancelled: Story = {
  args: { memo: undefined },
  play: async ({ args }) => {
    await dialogNamed('Post a profit?');
    // A press on the dimmed page: the pointer-down a modal listens for outside itself.
    fireEvent.pointerDown(document.body);
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(args.onOpenChange).toHaveBeenCalledTimes(2);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** The request is on its way: the button shows progress and ignores presses; nothing dismisses it. */
export const Pending: Story = {
  args: { pending: true },
  play: async ({ args }) => {
    await dialogNamed('Post a profit?');
    const confirm = screen.getByRole('button', { name: 'Post + $250.00' });
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.click(confirm);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** The server refused: its message is shown above the buttons, announced, and the person may try again. */
export const WithError: Story = {
  args: { error: 'The user’s account is closed: nothing was posted.' },
  play: async ({ args }) => {
    await dialogNamed('Post a profit?');
    await expect(screen.getByRole('alert')).toHaveTextContent(
      'The user’s account is closed: nothing was posted.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Post + $250.00' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

/** How a screen uses it: confirm runs the request; a double press still sends it once. */
function PostProfit({ onConfirm, ...props }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Review the posting</Button>
      <ConfirmDialog
        {...props}
        open={open}
        onOpenChange={setOpen}
        onConfirm={async () => {
          await onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

let finish: () => void = () => undefined;
const slowRequest = fn(() => new Promise<void>((resolve) => (finish = resolve)));

export const ConfirmedOnce: Story = {
  args: { open: false, onConfirm: slowRequest },
  render: (args) => <PostProfit {...args} />,
  play: async ({ canvas, args }) => {
    slowRequest.mockClear();
    const trigger = canvas.getByRole('button', { name: 'Review the posting' });
    await userEvent.click(trigger);
    await dialogNamed('Post a profit?');
    const confirm = screen.getByRole('button', { name: 'Post + $250.00' });
    await userEvent.dblClick(confirm);
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    // The request answers: the dialog closes and focus is back where the person was.
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const NarrowScreen: Story = {
  parameters: { screenshot: { width: 360, height: 640 } },
  play: async () => {
    const dialog = await dialogNamed('Post a profit?');
    await waitFor(() => expect(dialog.getBoundingClientRect().width).toBeCloseTo(window.innerWidth - 32, 0));
  },
};
