import type { Meta, StoryObj } from '@storybook/react-vite';
import { type CSSProperties, type FormEvent, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Button } from '../Button/Button';
import { Dialog, type DialogContentProps } from './Dialog';

/**
 * A modal dialog for a task that needs the person's full attention before they go on: confirming a
 * withdrawal, updating a profile or a password. It pops in over a dimmed page, traps focus, closes
 * on Escape or its close button, and hands focus back to the control that opened it. For the result
 * of a request use `ResultDialog`; for a message from the back office use `NotificationDialog`.
 */
const meta = {
  title: 'Overlays/Dialog',
  component: Dialog.Content,
  args: { showCloseButton: true, closeLabel: 'Close' },
  render: (args) => <ConfirmWithdrawal {...args} />,
} satisfies Meta<typeof Dialog.Content>;
export default meta;
type Story = StoryObj<typeof meta>;

function ConfirmWithdrawal(props: DialogContentProps) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button>Withdraw</Button>
      </Dialog.Trigger>
      <Dialog.Content {...props}>
        <Dialog.Title>Confirm withdrawal</Dialog.Title>
        <Dialog.Description>
          You are withdrawing 250.00 USD to your Bitcoin wallet. The request will be reviewed before it is
          paid out.
        </Dialog.Description>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button variant="secondary">Cancel</Button>
          </Dialog.Close>
          <Button>Confirm withdrawal</Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** Opens the dialog the way a person does, and returns it. */
async function openWith(trigger: HTMLElement, how: 'click' | 'keyboard', name: string | RegExp) {
  if (how === 'click') {
    await userEvent.click(trigger);
  } else {
    trigger.focus();
    await userEvent.keyboard('{Enter}');
  }
  const dialog = await screen.findByRole('dialog', { name });
  // It pops in (a 200 ms scale and fade): visible once the transition has begun.
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

export const OpensOnClick: Story = {
  play: async ({ canvas }) => {
    await expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await openWith(
      canvas.getByRole('button', { name: 'Withdraw' }),
      'click',
      'Confirm withdrawal',
    );
    await expect(dialog).toHaveAccessibleDescription(/withdrawing 250\.00 USD/);
    // Focus moves inside, onto the first control: the safe choice.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    // The close button in the corner is visible and named.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toBeVisible());
  },
};

export const FocusTrappedAndReturned: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Withdraw' });
    const dialog = await openWith(trigger, 'keyboard', 'Confirm withdrawal');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Confirm withdrawal' });
    const close = screen.getByRole('button', { name: 'Close' });
    await waitFor(() => expect(cancel).toHaveFocus());
    // Tab walks the dialog's controls and wraps around; it never leaves the dialog.
    await userEvent.tab();
    await waitFor(() => expect(confirm).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.tab({ shift: true });
    await waitFor(() => expect(close).toHaveFocus());
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // Escape closes, and focus goes back to the trigger.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const ClosedByCloseButton: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Withdraw' });
    await openWith(trigger, 'click', 'Confirm withdrawal');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

const fieldStyle: CSSProperties = {
  display: 'grid',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
};
const inputStyle: CSSProperties = {
  minHeight: vars.size.control,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  fontSize: vars.fontSize.md,
};

function UpdatePassword({ onSubmit, ...props }: DialogContentProps & { onSubmit: (values: object) => void }) {
  const [open, setOpen] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(Object.fromEntries(new FormData(event.currentTarget)));
    setOpen(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">Change Password</Button>
      </Dialog.Trigger>
      <Dialog.Content {...props}>
        <Dialog.Title>Update Password</Dialog.Title>
        <Dialog.Description>Enter your current password, then choose a new one.</Dialog.Description>
        <form onSubmit={submit}>
          <Dialog.Body style={{ display: 'grid', gap: vars.space.lg }}>
            <label style={fieldStyle}>
              Current password
              <input
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                style={inputStyle}
              />
            </label>
            <label style={fieldStyle}>
              New password
              <input name="newPassword" type="password" autoComplete="new-password" style={inputStyle} />
            </label>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button type="submit">Update Password</Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export const WithForm: Story = {
  render: (args) => <UpdatePassword {...args} onSubmit={fn()} />,
  play: async ({ canvas }) => {
    await openWith(canvas.getByRole('button', { name: 'Change Password' }), 'click', 'Update Password');
    const current = screen.getByLabelText('Current password');
    // The first field has focus, ready to type.
    await waitFor(() => expect(current).toHaveFocus());
    await userEvent.keyboard('old-secret-1');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus());
    await userEvent.keyboard('new-secret-2');
    await expect(current).toHaveValue('old-secret-1');
  },
};

const submitted = fn();
export const WithFormSubmitted: Story = {
  render: (args) => (
    <UpdatePassword
      {...args}
      onSubmit={(values) => {
        submitted(values);
      }}
    />
  ),
  play: async ({ canvas }) => {
    submitted.mockClear();
    const trigger = canvas.getByRole('button', { name: 'Change Password' });
    await openWith(trigger, 'click', 'Update Password');
    await userEvent.type(screen.getByLabelText('Current password'), 'old-secret-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret-2{Enter}');
    await expect(submitted).toHaveBeenCalledWith({
      currentPassword: 'old-secret-1',
      newPassword: 'new-secret-2',
    });
    // Saved: the dialog closes and focus is back on the button that opened it.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

const terms = Array.from({ length: 14 }, (_, index) => index + 1);

function LongTerms(props: DialogContentProps) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="secondary">Read the plan terms</Button>
      </Dialog.Trigger>
      <Dialog.Content {...props}>
        <Dialog.Title>Gold plan terms</Dialog.Title>
        <Dialog.Description>Please read these terms before you invest.</Dialog.Description>
        <Dialog.Body>
          {terms.map((n) => (
            <p key={n} style={{ marginBottom: vars.space.md }}>
              {n}. Profits are credited to your balance at the end of each trading day. A withdrawal of profit
              starts only after profit is made and 30% of the capital has been obtained.
            </p>
          ))}
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button>I agree</Button>
          </Dialog.Close>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export const LongContent: Story = {
  render: (args) => <LongTerms {...args} />,
  play: async ({ canvas }) => {
    const dialog = await openWith(
      canvas.getByRole('button', { name: 'Read the plan terms' }),
      'click',
      'Gold plan terms',
    );
    // Taller than the screen: the dialog stays on screen and scrolls inside itself.
    await waitFor(() => expect(dialog.scrollHeight).toBeGreaterThan(dialog.clientHeight));
    const box = dialog.getBoundingClientRect();
    await expect(box.top).toBeGreaterThanOrEqual(0);
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
    // Focus starts on the first control, without scrolling the text away.
    const agree = screen.getByRole('button', { name: 'I agree' });
    await waitFor(() => expect(agree).toHaveFocus());
    await expect(dialog.scrollTop).toBe(0);
    // Scrolled to the end, the action comes into view inside the dialog.
    dialog.scrollTop = dialog.scrollHeight;
    await waitFor(() => expect(agree.getBoundingClientRect().bottom).toBeLessThanOrEqual(box.bottom));
    dialog.scrollTop = 0;
  },
};

export const NarrowScreen: Story = {
  parameters: { screenshot: { width: 360, height: 640 } },
  play: async ({ canvas }) => {
    const dialog = await openWith(
      canvas.getByRole('button', { name: 'Withdraw' }),
      'click',
      'Confirm withdrawal',
    );
    // Full width minus a 16 px margin each side.
    await waitFor(() => expect(dialog.getBoundingClientRect().width).toBeCloseTo(window.innerWidth - 32, 0));
  },
};
