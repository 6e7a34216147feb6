import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks, pageOf } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { AuditLogScreen } from './AuditLogScreen';

type Canvas = ReturnType<typeof within>;
type AuditEntry = Schemas['AuditEntry'];

const dataRows = (canvas: Canvas) => canvas.getAllByRole('row').slice(1);
const logLoaded = (canvas: Canvas) => canvas.findByRole('row', { name: /DEP-2B5N8M1C/ });

async function chooseFilter(canvas: Canvas, filter: string, option: string) {
  await userEvent.click(canvas.getByRole('combobox', { name: filter }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** /admin/audit-log: every admin action, newest first, with filters, details and a CSV export. */
const meta = {
  title: 'Screens/Admin/AuditLog',
  component: AuditLogScreen,
  decorators: [withRouter('/admin/audit-log')],
  parameters: { screenshot: { width: 1280, height: 900 } },
} satisfies Meta<typeof AuditLogScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListAuditLog.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the audit entries' })).toBeVisible();
  },
};

export const Loaded: Story = {
  play: async ({ canvas }) => {
    const rejected = within(await logLoaded(canvas));
    await expect(rejected.getByText('Deposit rejected')).toBeVisible();
    await expect(rejected.getByText('Deposit DEP-2B5N8M1C')).toBeVisible();
    await expect(rejected.getByText('The receipt does not show the transaction hash.')).toBeVisible();
    await expect(rejected.getByText(fixtures.people.admin.fullname)).toBeVisible();
    // On whom: the owner of the deposit, under it.
    const { jane } = fixtures.people;
    await expect(rejected.getByText('Deposit DEP-2B5N8M1C')).toHaveTextContent(
      `${jane.fullname} · ${jane.email}`,
    );
    // A wallet is no one's: its row names no user.
    const walletRow = within(canvas.getByRole('row', { name: /Wallet Bitcoin main/ }));
    await expect(walletRow.getByText('Wallet Bitcoin main')).toHaveTextContent(/^Wallet Bitcoin main$/);
    // Newest first: the notification set on Nov 19 heads the log.
    await expect(within(dataRows(canvas)[0] as HTMLElement).getByText('Notification set')).toBeVisible();
    await expect(dataRows(canvas)).toHaveLength(fixtures.auditLog.length);
  },
};

/**
 * The Admin filter offers every admin, not only those seen in the pages loaded: Ada has taken no
 * action yet, so choosing her leaves no entry.
 */
export const EveryAdminOffered: Story = {
  play: async ({ canvas }) => {
    await logLoaded(canvas);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Admin' }));
    const options = await screen.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual([
      'All admins',
      fixtures.people.ada.fullname,
      fixtures.people.admin.fullname,
    ]);
    await userEvent.click(screen.getByRole('option', { name: fixtures.people.ada.fullname }));
    await expect(
      await canvas.findByRole('heading', { name: 'No audit entries match these filters' }),
    ).toBeVisible();
  },
};

/** Only the wallets an admin created; then an action nobody took. */
export const Filtered: Story = {
  play: async ({ canvas }) => {
    await logLoaded(canvas);
    await chooseFilter(canvas, 'Action', 'Wallet created');
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(4));
    await expect(canvas.getByRole('row', { name: /Wallet Bitcoin main/ })).toBeVisible();
    await chooseFilter(canvas, 'Admin', fixtures.people.admin.fullname);
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(4));
    await chooseFilter(canvas, 'Action', 'Wallet deleted');
    await expect(
      await canvas.findByRole('heading', { name: 'No audit entries match these filters' }),
    ).toBeVisible();
    await chooseFilter(canvas, 'Action', 'Deposit rejected');
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(1));
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListAuditLog({ body: { items: [], nextCursor: null } }));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'No admin action has been recorded yet' }),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListAuditLog.error(503, 'The database is not answering'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The audit entries could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByText('The database is not answering')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A rejected deposit's details, then a wallet's change shown as before → after, opened from the keyboard. */
export const Details: Story = {
  play: async ({ canvas }) => {
    await logLoaded(canvas);
    const rejectedButton = canvas.getByRole('button', { name: /^Details of Deposit rejected/ });
    await userEvent.click(rejectedButton);
    let dialog = within(await screen.findByRole('dialog', { name: 'Deposit rejected' }));
    const amount = dialog.getByText('99.00 USD');
    await waitFor(() => expect(amount).toBeVisible());
    await expect(dialog.getByText('DEP-2B5N8M1C')).toBeVisible();
    await expect(dialog.getByText(`(${fixtures.people.jane.email})`)).toBeVisible();
    await expect(dialog.getByText('The receipt does not show the transaction hash.')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rejectedButton).toHaveFocus());

    canvas.getByRole('button', { name: /^Details of Wallet updated/ }).focus();
    await userEvent.keyboard('{Enter}');
    dialog = within(await screen.findByRole('dialog', { name: 'Wallet updated' }));
    const active = dialog.getByText('Active');
    await waitFor(() => expect(active).toBeVisible());
    await expect(dialog.getByText('Yes → No')).toBeVisible();
    await expect(dialog.getByText('None given')).toBeVisible();
    await expect(dialog.getByText('None: not an action on a user')).toBeVisible();
  },
};

// A long log by a second admin, on users, whose names and reasons a spreadsheet would run as formulas.
const hostileAdmin = {
  _id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
  fullname: '=HYPERLINK("http://x","y")',
  email: 'mallory@example.com',
};
const hostileUser = {
  _id: '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e',
  fullname: '+cmd|calc',
  email: 'trudy@example.com',
};
const hostileReasons = ['+1+2', '-2+3', '@SUM(A1)', '\tTabbed', '\rReturned', 'Plain reason, with a comma'];
const longLog: AuditEntry[] = Array.from({ length: 230 }, (_, index) => ({
  _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  actor: index % 2 === 0 ? hostileAdmin : fixtures.people.admin,
  proposedBy: null,
  action: 'deposit.reject',
  targetType: 'deposit',
  targetId: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  user: index % 2 === 0 ? hostileUser : fixtures.people.jane,
  reason: hostileReasons[index % hostileReasons.length] ?? null,
  details: { ref: `DEP-${String(index).padStart(8, '0')}`, amount: 10 + index },
  createdAt: new Date(Date.UTC(2026, 10, 20, 12, 0) - index * 60_000).toISOString(),
}));

/**
 * The export gathers every page of the filtered log (230 entries, three pages of 100), shows how far
 * it is, and writes formula-safe cells: text starting with =, +, -, @, a tab or a carriage return
 * gets a leading apostrophe.
 */
export const DownloadCsv: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.adminListAuditLog({
        body: async ({ url }) => {
          // The export's pages come slowly enough to see its progress.
          if (url.searchParams.get('limit') === '100') await delay(400);
          return pageOf(longLog, url.searchParams);
        },
      }),
    );
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('row', { name: /DEP-00000000/ });
    await expect(canvas.getByRole('button', { name: 'Load more' })).toBeVisible();

    // Saving the file: catch the Blob link instead of letting the browser download it.
    const saved: { name: string; blob?: Blob } = { name: '' };
    const createUrl = spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.blob = blob as Blob;
      return 'blob:audit-log';
    });
    const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.name = this.download;
    });
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Download CSV' }));
      const progress = await canvas.findByText('Preparing the CSV: 100 entries so far…');
      await waitFor(() => expect(progress).toBeVisible());
      await expect(canvas.getByRole('progressbar', { name: 'Preparing the CSV' })).toBeVisible();
      await waitFor(() => expect(saved.name).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/));
      const csv = (await saved.blob?.text()) ?? '';
      const lines = csv.split('\r\n');
      await expect(lines[0]).toBe(
        '"createdAt","adminName","adminEmail","action","actionLabel","targetType","targetId","userId","userName","userEmail","reason","details"',
      );
      // 230 entries, a header, and the empty string after the last CRLF.
      await expect(lines).toHaveLength(232);
      const line = (ref: string) => lines.find((text) => text.includes(ref)) ?? '';
      await expect(line('DEP-00000000')).toContain(
        `,"'=HYPERLINK(""http://x"",""y"")","mallory@example.com","deposit.reject","Deposit rejected",`,
      );
      await expect(line('DEP-00000000')).toContain(
        `,"${hostileUser._id}","'+cmd|calc","trudy@example.com","'+1+2",`,
      );
      await expect(line('DEP-00000001')).toContain(
        `,"${fixtures.people.jane._id}","Jane Cooper","jane@example.com",`,
      );
      await expect(line('DEP-00000001')).toContain(',"Ledgerline Admin","admin@example.com",');
      await expect(line('DEP-00000001')).toContain(`,"'-2+3",`);
      await expect(line('DEP-00000002')).toContain(`,"'@SUM(A1)",`);
      await expect(line('DEP-00000003')).toContain(`,"'\tTabbed",`);
      await expect(line('DEP-00000005')).toContain(',"Plain reason, with a comma",');
      await expect(line('DEP-00000229')).toContain('"{""ref"":""DEP-00000229"",""amount"":239}"');
      // The carriage return is quoted inside its cell, so the line of the entry goes on after it.
      await expect(csv).toContain(`,"'\rReturned",`);
    } finally {
      createUrl.mockRestore();
      click.mockRestore();
    }
    await expectToast('Audit log downloaded: 230 entries');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Download CSV' })).toHaveFocus());
    toast.remove();
  },
};
