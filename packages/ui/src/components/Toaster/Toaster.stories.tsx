import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSyncExternalStore } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { recordTimeline, type Timeline } from '../../testing';
import { vars } from '../../theme/contract.css';
import { Button } from '../Button/Button';
import { Toaster, type ToasterProps } from './Toaster';
import { TOAST_LIMIT, toast, toastStore } from './toastStore';

/**
 * Mount one `<Toaster />` near the root of the app, then call `toast()` from anywhere for brief,
 * non-blocking feedback: `toast.success` after a save (2000 ms), `toast.error` when a request fails
 * (4000 ms, announced at once), `toast.promise` around a request that takes a while. Toasts stack at
 * the top centre, at most 20, pause while hovered or focused, and can be dismissed with their close
 * button or Escape (F8 jumps to them). Anything a person must act on belongs in a dialog instead.
 */
const meta = {
  title: 'Overlays/Toaster',
  component: Toaster,
  args: { position: 'top-center' },
  // No toast from one story may linger into the next.
  beforeEach: () => {
    toast.remove();
    return () => toast.remove();
  },
  render: (args) => <Demo {...args} />,
} satisfies Meta<typeof Toaster>;
export default meta;
type Story = StoryObj<typeof meta>;

let upload: { resolve: (value: { fileName: string }) => void; reject: (error: Error) => void } | undefined;

function uploadReceipt() {
  const request = new Promise<{ fileName: string }>((resolve, reject) => {
    upload = { resolve, reject };
  });
  toast
    .promise(request, {
      loading: 'Uploading receipt…',
      success: (result) => `${result.fileName} uploaded`,
      error: (error) => `Upload failed: ${error instanceof Error ? error.message : 'unknown error'}`,
    })
    // The screen would show the failure in its form too; the toast has said it here.
    .catch(() => {});
}

function NewReferral({ dismiss }: { dismiss: () => void }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: vars.space.md }}>
      <div style={{ display: 'grid', flex: 1 }}>
        <strong style={{ fontWeight: vars.fontWeight.semibold }}>New referral</strong>
        <span style={{ color: vars.color.textMuted }}>Ada Lovelace signed up with your link.</span>
      </div>
      <Button size="sm" variant="secondary" onClick={dismiss}>
        View
      </Button>
    </div>
  );
}

/** Shows how many toasts the store holds, including closed ones waiting to be cleared. */
function KeptCount() {
  const toasts = useSyncExternalStore(
    toastStore.subscribe,
    toastStore.getSnapshot,
    toastStore.getServerSnapshot,
  );
  return (
    <p style={{ color: vars.color.textMuted, fontSize: vars.fontSize.sm }}>Toasts kept: {toasts.length}</p>
  );
}

function Demo(props: ToasterProps) {
  return (
    <>
      <Toaster {...props} />
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.sm }}>
        <Button variant="secondary" size="sm" onClick={() => toast('Link copied to clipboard')}>
          Copy link
        </Button>
        <Button variant="secondary" size="sm" onClick={() => toast('Wallet address copied')}>
          Copy wallet address
        </Button>
        <Button variant="secondary" size="sm" onClick={() => toast.success('Profile updated')}>
          Save profile
        </Button>
        <Button variant="secondary" size="sm" onClick={() => toast.error('Could not submit your deposit')}>
          Submit deposit
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => toast.custom(({ dismiss }) => <NewReferral dismiss={dismiss} />)}
        >
          Show referral
        </Button>
        <Button variant="secondary" size="sm" onClick={uploadReceipt}>
          Upload receipt
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            for (let n = 1; n <= 25; n += 1)
              toast(`Notification ${n} of 25`, { duration: Number.POSITIVE_INFINITY });
          }}
        >
          Send 25 notifications
        </Button>
        <Button variant="ghost" size="sm" onClick={() => toast.dismiss()}>
          Dismiss all
        </Button>
        <KeptCount />
      </div>
    </>
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
/** Where the toast saying `text` stands: its `data-state` (open, closed) while it is on screen, else gone. */
const toastState = (text: string | RegExp) =>
  queryToast(text)?.closest('li')?.getAttribute('data-state') ?? 'gone';

/**
 * Checks a toast's life on its recorded timeline: it opened once, stayed open, and began to close no
 * sooner than `ms` after `startedAt` (taken before the action that started its clock: a timer never
 * fires early) and, as the longer kinds last longer, before `ms + 2000`.
 */
async function expectOpenFor(timeline: Timeline<string>, startedAt: number, ms: number) {
  const openedAt = timeline.firstAt('open', startedAt);
  await expect(openedAt).toBeDefined();
  const closedAt = timeline.changes.find(
    (change) => change.at > (openedAt ?? 0) && change.value !== 'open',
  )?.at;
  await expect(closedAt).toBeDefined();
  await expect((closedAt ?? 0) - startedAt).toBeGreaterThanOrEqual(ms);
  await expect((closedAt ?? 0) - startedAt).toBeLessThan(ms + 2000);
  // Never open again once it began to close.
  await expect(timeline.changes.filter((change) => change.value === 'open')).toHaveLength(1);
}
const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });
/** The toast (a list item) that says `text`, once it is on screen. */
async function findToast(text: string | RegExp) {
  const words = await within(region()).findByText(text);
  const item = words.closest('li');
  if (!item) throw new Error(`no toast around "${String(text)}"`);
  await waitFor(() => expect(item).toBeVisible());
  return item;
}
const queryToast = (text: string | RegExp) => within(region()).queryByText(text);
const kept = (count: number) => screen.getByText(`Toasts kept: ${count}`);

export const Kinds: Story = {
  play: async () => {
    const forever = { duration: Number.POSITIVE_INFINITY };
    toast.custom(({ dismiss }) => <NewReferral dismiss={dismiss} />, forever);
    toast.loading('Uploading receipt…', forever);
    toast('Link copied to clipboard', forever);
    toast.error('Could not submit your deposit', forever);
    toast.success('Profile updated', forever);
    await findToast('Profile updated');
    const items = within(region()).getAllByRole('listitem');
    await expect(items).toHaveLength(5);
    // Newest on top.
    await expect(items[0]).toHaveTextContent('Profile updated');
    // Every toast can be closed by a named button; none is wider than 350 px.
    await expect(within(region()).getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(5);
    for (const item of items) await expect(item.getBoundingClientRect().width).toBeLessThanOrEqual(350);
    // Top centre.
    const box = region().querySelector('ol')?.getBoundingClientRect();
    await expect(Math.round((box?.left ?? 0) + (box?.width ?? 0) / 2)).toBe(
      Math.round(window.innerWidth / 2),
    );
  },
};

export const SuccessLastsTwoSeconds: Story = {
  play: async ({ canvas }) => {
    const state = recordTimeline(() => toastState('Profile updated'));
    // Timed from before the click: the toast's own clock starts during it, never earlier.
    const clickedAt = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Save profile' }));
    await findToast('Profile updated');
    // Open for 2 s, then gone.
    await waitFor(() => expect(queryToast('Profile updated')).toBeNull());
    state.stop();
    await expectOpenFor(state, clickedAt, 2000);
    // A second later the store lets go of it too.
    await waitFor(() => expect(kept(0)).toBeVisible());
  },
};

export const ErrorLastsFourSeconds: Story = {
  play: async ({ canvas }) => {
    const state = recordTimeline(() => toastState('Could not submit your deposit'));
    const clickedAt = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit deposit' }));
    // An error is announced assertively, interrupting whatever the screen reader is saying (the
    // announcement lives for a second, so it is checked first).
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status', { hidden: true })
          .some(
            (live) =>
              live.getAttribute('aria-live') === 'assertive' &&
              live.textContent?.includes('Could not submit your deposit'),
          ),
      ).toBe(true),
    );
    await findToast('Could not submit your deposit');
    await waitFor(() => expect(queryToast('Could not submit your deposit')).toBeNull());
    state.stop();
    await expectOpenFor(state, clickedAt, 4000);
    // A second later the store lets go of it too.
    await waitFor(() => expect(kept(0)).toBeVisible());
  },
};

export const BlankAndCustomLastFourSeconds: Story = {
  play: async ({ canvas }) => {
    const blank = recordTimeline(() => toastState('Link copied to clipboard'));
    const custom = recordTimeline(() => toastState('New referral'));
    const clickedAt = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    const customClickedAt = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Show referral' }));
    await findToast('Link copied to clipboard');
    await findToast('New referral');
    await waitFor(() => {
      expect(queryToast('Link copied to clipboard')).toBeNull();
      expect(queryToast('New referral')).toBeNull();
    });
    blank.stop();
    custom.stop();
    await expectOpenFor(blank, clickedAt, 4000);
    await expectOpenFor(custom, customClickedAt, 4000);
    // A second later the store lets go of it too.
    await waitFor(() => expect(kept(0)).toBeVisible());
  },
};

export const LoadingUntilResolved: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Upload receipt' }));
    const item = await findToast('Uploading receipt…');
    // Longer than any toast's own duration: a loading toast waits for its promise.
    await sleep(4500);
    await expect(item).toHaveAttribute('data-state', 'open');
    await expect(item).toHaveTextContent('Uploading receipt…');
    const success = recordTimeline(() => toastState('receipt.png uploaded'));
    const resolvedAt = performance.now();
    upload?.resolve({ fileName: 'receipt.png' });
    // The same toast turns into a success...
    await waitFor(() => expect(item).toHaveTextContent('receipt.png uploaded'));
    await expect(within(region()).getAllByRole('listitem')).toHaveLength(1);
    // ...and then lasts as long as a success does.
    await waitFor(() => expect(queryToast('receipt.png uploaded')).toBeNull());
    success.stop();
    await expectOpenFor(success, resolvedAt, 2000);
    // A second later the store lets go of it too.
    await waitFor(() => expect(kept(0)).toBeVisible());
  },
};

export const PromiseRejected: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Upload receipt' }));
    const item = await findToast('Uploading receipt…');
    upload?.reject(new Error('the file is larger than 5 MB'));
    await waitFor(() => expect(item).toHaveTextContent('Upload failed: the file is larger than 5 MB'));
    // Dismissed by its close button.
    await userEvent.click(within(item).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(queryToast(/Upload failed/)).toBeNull());
    // A second later the store lets go of it too.
    await waitFor(() => expect(kept(0)).toBeVisible());
  },
};

export const KeepsAtMostTwenty: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Send 25 notifications' }));
    await findToast('Notification 25 of 25');
    await expect(within(region()).getAllByRole('listitem')).toHaveLength(TOAST_LIMIT);
    await expect(kept(20)).toBeVisible();
    // The five oldest were dropped.
    for (let n = 1; n <= 5; n += 1) await expect(queryToast(`Notification ${n} of 25`)).toBeNull();
    await expect(queryToast('Notification 6 of 25')).not.toBeNull();
  },
};

export const Dismissed: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Copy wallet address' }));
    const link = await findToast('Link copied to clipboard');
    await findToast('Wallet address copied');
    await expect(kept(2)).toBeVisible();
    // The close button closes one toast; the store clears it 1000 ms later, after its exit.
    const closedAt = performance.now();
    await userEvent.click(within(link).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(queryToast('Link copied to clipboard')).toBeNull());
    await expect(kept(2)).toBeVisible();
    await waitFor(() => expect(kept(1)).toBeVisible());
    await expect(performance.now() - closedAt).toBeGreaterThanOrEqual(1000);
    // Keyboard: F8 jumps to the toasts, Tab reaches one, Escape closes it.
    await userEvent.keyboard('{F8}');
    await userEvent.tab();
    const address = await findToast('Wallet address copied');
    await waitFor(() => expect(address).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(queryToast('Wallet address copied')).toBeNull());
    await waitFor(() => expect(kept(0)).toBeVisible());
  },
};

export const DismissAll: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Upload receipt' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit deposit' }));
    await findToast('Could not submit your deposit');
    await expect(within(region()).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss all' }));
    await waitFor(() => expect(within(region()).queryAllByRole('listitem')).toHaveLength(0));
    await waitFor(() => expect(kept(0)).toBeVisible());
  },
};

export const AtTheBottom: Story = {
  args: { position: 'bottom-center' },
  play: async () => {
    toast('Link copied to clipboard', { duration: Number.POSITIVE_INFINITY });
    const item = await findToast('Link copied to clipboard');
    await expect(window.innerHeight - item.getBoundingClientRect().bottom).toBeLessThanOrEqual(32);
  },
};

export const NarrowScreen: Story = {
  parameters: { screenshot: { width: 360, height: 640 } },
  play: async () => {
    toast.error('Could not submit your deposit: the amount is below the minimum for the Student plan.', {
      duration: Number.POSITIVE_INFINITY,
    });
    const item = await findToast(/Could not submit your deposit/);
    // The full width minus a margin each side.
    await expect(item.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth - 32);
  },
};
