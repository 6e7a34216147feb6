import { unwrap } from '@ledgerline/api-client';
import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerValidator, readContract } from './contract';
import { baseUrl, signedInClient, useMockServer } from './mock-server';

const server = useMockServer();
const client = signedInClient();
/** A JSON page: the operation also answers CSV, so the client types its data as either. */
async function history(query: Record<string, string | number> = {}) {
  const page = await unwrap(client.GET('/transaction-history', { params: { query } }));
  if (typeof page === 'string') throw new Error('Expected a page of rows, got CSV');
  return page;
}

beforeEach(() => server.use(mocks.listTransactions()));

describe('pages', () => {
  it('gives the next rows for nextCursor, with no overlap', async () => {
    const first = await history({ limit: 5 });
    expect(first.items).toHaveLength(5);
    expect(first.nextCursor).toEqual(expect.any(String));

    const second = await history({ limit: 5, cursor: first.nextCursor ?? '' });
    expect(second.items).toHaveLength(5);
    const firstIds = first.items.map(({ _id }) => _id);
    expect(second.items.filter(({ _id }) => firstIds.includes(_id))).toEqual([]);
    expect([...first.items, ...second.items]).toEqual(fixtures.transactions.slice(0, 10));
  });

  it('walks the whole history, newest first, then says there is no next page', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof history>> = await history(
        cursor ? { limit: 4, cursor } : { limit: 4 },
      );
      seen.push(...page.items.map(({ _id }) => _id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(fixtures.transactions.map(({ _id }) => _id));
  });

  it('answers 20 rows by default, so Jane\u2019s 15 are one page', async () => {
    const page = await history();
    expect(page.items).toHaveLength(15);
    expect(page.nextCursor).toBeNull();
  });

  it('refuses a limit out of range and a cursor it did not give, naming the field', async () => {
    await expect(history({ limit: 0 })).rejects.toMatchObject({
      status: 400,
      msg: expect.stringMatching(/^limit/),
    });
    await expect(history({ limit: 101 })).rejects.toMatchObject({ status: 400 });
    await expect(history({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
      status: 400,
      msg: expect.stringMatching(/^cursor/),
    });
  });
});

describe('filters', () => {
  it('keeps only rows of the trxType', async () => {
    const page = await history({ trxType: 'deposit' });
    expect(page.items.map(({ ref }) => ref)).toEqual(
      fixtures.transactions.filter(({ trxType }) => trxType === 'deposit').map(({ ref }) => ref),
    );
  });

  it('combines trxType, status and type', async () => {
    const page = await history({ trxType: 'withdrawal', status: 'approved', type: 'bitcoin' });
    expect(page.items).toEqual([fixtures.approvedBitcoinWithdrawal]);
  });

  it('pages through filtered rows', async () => {
    const first = await history({ status: 'approved', limit: 3 });
    const second = await history({ status: 'approved', limit: 3, cursor: first.nextCursor ?? '' });
    const approved = fixtures.transactions.filter(({ status }) => status === 'approved');
    expect([...first.items, ...second.items]).toEqual(approved.slice(0, 6));
  });

  it('refuses a value outside the contract', async () => {
    // Sent with fetch: the typed client would not let the test send it.
    const response = await fetch(`${baseUrl}/transaction-history?status=held`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      msg: 'status: must be one of pending, approved, rejected, cancelled',
    });
  });
});

describe('CSV export', () => {
  const exportCsv = async (query: Record<string, string>) => {
    const { data, response } = await client.GET('/transaction-history', {
      params: { query: { format: 'csv', ...query } },
      parseAs: 'text',
    });
    return { text: typeof data === 'string' ? data : '', response };
  };

  it('answers every matching row as text/csv, ignoring limit', async () => {
    const { text, response } = await exportCsv({ limit: '2' });
    expect(response.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="transaction-history.csv"',
    );
    const [header, ...rows] = text.trimEnd().split('\r\n');
    expect(header).toBe(
      '"_id","createdAt","resolvedAt","trxType","direction","amount","status","type","network","paymentTo","address","ref","reason","memo","fundName","units","navPerUnit"',
    );
    expect(rows).toHaveLength(fixtures.transactions.length);
    expect(rows[0]).toBe(
      '"5d7e9f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a","2026-11-21T16:05:00.000Z","","withdrawal","debit","300.00","pending","ethereum","ETH","","0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed","WDR-3H8N5R2T","","","","",""',
    );
  });

  it('quotes cells with commas and applies the filters', async () => {
    const { text } = await exportCsv({ trxType: 'profit' });
    expect(text).toContain('"Monthly trading profit, October"');
    expect(text.trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('exports a given body\u2019s rows', async () => {
    server.use(mocks.listTransactions({ body: { items: [fixtures.welcomeBonus], nextCursor: null } }));
    const { text } = await exportCsv({});
    expect(text.trimEnd().split('\r\n')).toHaveLength(2);
    expect(text).toContain('BON-2W7E4R9T');
  });

  it('exports a fund row with its fund, units and NAV per unit', async () => {
    server.use(mocks.listTransactions({ body: { items: [fixtures.pricedInvestmentRow], nextCursor: null } }));
    const { text } = await exportCsv({});
    expect(text.trimEnd().split('\r\n')[1]).toMatch(/"Trend follower BTC","250\.000000","1\.00000000"$/);
  });
});

it('answers a given page as it is, for stories of one exact state', async () => {
  server.use(mocks.listTransactions({ body: { items: [], nextCursor: null } }));
  expect(await history({ limit: 5 })).toEqual({ items: [], nextCursor: null });
});

describe('fund rows', () => {
  it('answer a page the contract allows', async () => {
    const page = { items: fixtures.fundTransactions, nextCursor: null };
    server.use(mocks.listTransactions({ body: page }));
    const schema = (await readContract()).find(({ operationId }) => operationId === 'listTransactions');
    expect(answerValidator()(schema?.successSchema ?? {}, await history())).toEqual([]);
    expect(await history()).toEqual(page);
  });

  it('carry units and a NAV per unit once priced, only the units asked back while a redemption waits', () => {
    for (const row of fixtures.fundTransactions) {
      expect(row, row.ref).toMatchObject({
        fundId: fixtures.trendFund._id,
        fundName: fixtures.trendFund.name,
      });
      expect(row.resolvedAt === null, row.ref).toBe(row.status === 'pending');
      expect(row.navPerUnit === null, row.ref).toBe(row.status === 'pending');
      expect(row.units === null, row.ref).toBe(row.status === 'pending' && row.trxType === 'investment');
      expect(row.direction, row.ref).toBe(row.trxType === 'investment' ? 'debit' : 'credit');
      expect(row.ref, row.ref).toBe(
        `${row.trxType === 'investment' ? 'INV' : 'RED'}-${row._id.slice(0, 8).toUpperCase()}`,
      );
    }
  });
});
