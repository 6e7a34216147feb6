import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { DepositQueueScreen } from './DepositQueueScreen';

type Canvas = ReturnType<typeof within>;

const maria = fixtures.mariaPendingDeposit;
const queueLoaded = (canvas: Canvas) => canvas.findByRole('row', { name: new RegExp(maria.ref) });

/** Opens the review of Maria's pending deposit and answers its dialog. */
async function openMariasReview(canvas: Canvas) {
  await queueLoaded(canvas);
  await userEvent.click(canvas.getByRole('button', { name: `Review deposit ${maria.ref}` }));
  return within(await screen.findByRole('dialog', { name: `Deposit ${maria.ref}` }));
}

/**
 * /admin/deposits: the back office's deposit queue. Pending deposits first, each opened for review:
 * the receipt, then approve (the amount and the user repeated) or reject (a reason required).
 */
const meta = {
  title: 'Screens/Admin/DepositQueue',
  component: DepositQueueScreen,
  decorators: [withRouter('/admin/deposits')],
  parameters: { screenshot: { width: 1280, height: 900 } },
} satisfies Meta<typeof DepositQueueScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting for the first page. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListDeposits.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the deposits' })).toBeVisible();
  },
};

/** The pending deposits, newest first, with their users and amounts. */
export const Pending: Story = {
  play: async ({ canvas }) => {
    await queueLoaded(canvas);
    const rows = canvas.getAllByRole('row').slice(1);
    await expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) await expect(within(row).getByText('Pending')).toBeVisible();
    await expect(canvas.getByRole('row', { name: new RegExp(maria.ref) })).toHaveTextContent(/750\.00 USD/);
  },
};

/** Nothing waits for review. */
export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListDeposits({ body: { items: [], nextCursor: null } }));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'No deposit is waiting for review' }),
    ).toBeVisible();
  },
};

/** The queue could not be loaded: the server's message, and a way to try again. */
export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListDeposits.error(503, 'The database is not answering'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The deposits could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByText('The database is not answering')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** What a review says under a term: the `dd` after the `dt` that names it. */
function detailOf(dialog: Canvas, term: string) {
  const value = dialog.getByText(term, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No detail “${term}”`);
  return value;
}

/** A review shows the user's balance as it is now, beside the deposit's facts and receipt. */
export const Review: Story = {
  parameters: { screenshot: { height: 1000 } },
  play: async ({ canvas }) => {
    const marcus = fixtures.marcusPendingDeposit;
    await queueLoaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: `Review deposit ${marcus.ref}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Deposit ${marcus.ref}` }));
    const receipt = await dialog.findByRole('img', { name: `Receipt of deposit ${marcus.ref}` });
    await waitFor(() => expect(receipt).toBeVisible());
    // Marcus's 3,000 of deposits and 150 of profit; this 5,000 is not his until it is approved.
    await waitFor(() =>
      expect(detailOf(dialog, "The user's balance")).toHaveTextContent(
        '3,150.00 USD available, 0.00 USD held',
      ),
    );
  },
};

/** A review: the receipt beside the facts, then a confirmation that repeats the amount and the user. */
export const Approve: Story = {
  parameters: { screenshot: { height: 1000 } },
  play: async ({ canvas }) => {
    const dialog = await openMariasReview(canvas);
    const receipt = await dialog.findByRole('img', { name: `Receipt of deposit ${maria.ref}` });
    // The image is drawn once its bytes are decoded.
    await waitFor(() => expect(receipt).toBeVisible());
    await userEvent.click(dialog.getByRole('button', { name: 'Approve…' }));
    // The confirmation repeats the amount and the user before anything moves.
    const confirmation = dialog.getByText(
      (_, element) =>
        element?.tagName === 'P' && /^Approve \$750\.00 for maria smith/i.test(element.textContent ?? ''),
    );
    await expect(confirmation).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Approve $750.00' }));
    await expectToast(`Deposit approved: ${maria.ref}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    toast.remove();
  },
};

/** A rejection needs a reason, which the user sees. */
export const RejectNeedsAReason: Story = {
  play: async ({ canvas }) => {
    const dialog = await openMariasReview(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Reject…' }));
    await waitFor(() => expect(dialog.getByLabelText(/^Reason/)).toHaveFocus());
    await userEvent.click(dialog.getByRole('button', { name: 'Reject deposit' }));
    await expect(dialog.getByText('Reason is required')).toBeVisible();
    await userEvent.type(dialog.getByLabelText(/^Reason/), 'The receipt shows another amount.');
    await expect(dialog.queryByText('Reason is required')).toBeNull();
  },
};

/** Another admin resolved it first: the server's words, and the queue as it now is. */
export const AlreadyResolved: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminApproveDeposit.error(409, 'Already approved by Ada Admin at 2026-11-25 10:31 UTC'));
  },
  play: async ({ canvas }) => {
    const dialog = await openMariasReview(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Approve…' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Approve $750.00' }));
    await expectToast('Already approved by Ada Admin at 2026-11-25 10:31 UTC');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    toast.remove();
  },
};

/**
 * The keyboard: the rows' Review buttons are one tab stop the arrows move through; Enter opens a
 * review, and closing it returns focus to its row.
 */
export const Keyboard: Story = {
  play: async ({ canvas }) => {
    await queueLoaded(canvas);
    const reviews = canvas.getAllByRole('button', { name: /^Review deposit / });
    await expect(reviews.length).toBeGreaterThan(1);
    await expect(reviews.filter((button) => button.tabIndex === 0)).toHaveLength(1);
    reviews[0]?.focus();
    await userEvent.keyboard('{ArrowDown}');
    const second = reviews[1] as HTMLElement;
    await waitFor(() => expect(second).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: /^Deposit / });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(second).toHaveFocus());
  },
};

/** Narrowed to one user, found by their email, then widened again. */
export const FilteredByUser: Story = {
  play: async ({ canvas }) => {
    await queueLoaded(canvas);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'User' }), `${maria.user.email}{Enter}`);
    const widen = await canvas.findByRole('button', { name: 'Any user' });
    await expect(widen.parentElement).toHaveTextContent(`User: ${maria.user.fullname} (${maria.user.email})`);
    await waitFor(() =>
      expect(
        canvas
          .getAllByRole('row')
          .slice(1)
          .every((row) => row.textContent?.includes(maria.user.email)),
      ).toBe(true),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Any user' }));
    await expect(canvas.getByRole('searchbox', { name: 'User' })).toBeVisible();
  },
};

/** A user search that matches no one says so, and the queue stays as it was. */
export const UserNotFound: Story = {
  play: async ({ canvas }) => {
    await queueLoaded(canvas);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'User' }), 'nobody@example.com{Enter}');
    await expect(await canvas.findByText('No user matches')).toBeVisible();
    await expect(canvas.getByRole('row', { name: new RegExp(maria.ref) })).toBeVisible();
  },
};

/** Days after every request: nothing matches, and the empty state says it is the filters. */
export const FilteredByDays: Story = {
  play: async ({ canvas }) => {
    await queueLoaded(canvas);
    await userEvent.type(canvas.getByLabelText('From'), '2099-01-01');
    await expect(
      await canvas.findByRole('heading', { name: 'No deposits match these filters' }),
    ).toBeVisible();
    await userEvent.clear(canvas.getByLabelText('From'));
    await queueLoaded(canvas);
  },
};
