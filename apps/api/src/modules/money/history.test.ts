import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { deposits } from '../../db/schema';
import { signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import {
  approvedDeposit,
  createWallets,
  postToLedger,
  profitThroughLedger,
  requestDeposit,
  requestWithdrawal,
  review,
} from '../../testing/money';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
/** An investor with one row of every kind and state. */
let investor: Awaited<ReturnType<typeof signedInInvestor>>;

function history(query = '', headers = investor.headers) {
  return app.inject({ method: 'GET', url: `/api/v1/transaction-history${query}`, headers });
}

/** The cells of a CSV file as RFC 4180 reads them (quoted cells may hold commas, quotes, line breaks). */
function csvCells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const character = text[at];
    if (quoted) {
      if (character !== '"') cell += character;
      else if (text[at + 1] === '"') {
        cell += '"';
        at++;
      } else quoted = false;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[at + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      at++;
    } else cell += character;
  }
  return rows;
}

beforeAll(async () => {
  app = await createTestApp();
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  investor = await signedInInvestor(app);
  const id = await userIdOf(investor.email);
  await approvedDeposit(app, investor, admin, '1000');
  const rejected = await requestDeposit(app, investor, '99', { type: 'ethereum' });
  await review(app, admin, 'deposits', rejected.json().transaction._id, 'reject');
  await requestDeposit(app, investor, '5', { type: 'usdt' });
  const paid = await requestWithdrawal(app, investor, '100', { network: 'usdt-trc20' });
  await review(app, admin, 'withdrawals', paid.json().transaction._id, 'approve');
  await requestWithdrawal(app, investor, '50', { network: 'ETH' });
  // Profit comes from trading, through the ledger module; bonuses and adjustments from two admins.
  await profitThroughLedger(id, 1_250, 'Weekly trading profit');
  for (const [kind, amount, memo] of [
    ['bonus', 3, 'Loyalty bonus'],
    ['adjustment', -1.25, '=HYPERLINK("http://evil.example")'],
  ] as const) {
    await postToLedger(app, admin, id, { kind, amount, memo });
  }
  return () => app.close();
});

describe('GET /transaction-history', () => {
  it('answers every row of the user, newest first, with the fields of each kind', async () => {
    const response = await history();
    await expectContract('listTransactions', response);
    const rows = response.json().items as Array<Record<string, unknown>>;
    expect(rows.map((row) => `${row.trxType}:${row.status}:${row.direction}:${row.amount}`)).toEqual([
      'adjustment:approved:debit:1.25',
      'bonus:approved:credit:3',
      'profit:approved:credit:12.5',
      'withdrawal:pending:debit:50',
      'withdrawal:approved:debit:100',
      'deposit:pending:credit:5',
      'deposit:rejected:credit:99',
      'deposit:approved:credit:1000',
    ]);
    const createdAt = rows.map((row) => String(row.createdAt));
    expect([...createdAt].sort().reverse()).toEqual(createdAt);
    expect(rows[3]).toMatchObject({
      network: 'ETH',
      type: 'ethereum',
      address: expect.any(String),
      resolvedAt: null,
    });
    expect(rows[6]).toMatchObject({
      reason: 'The receipt does not show the transaction hash.',
      type: 'ethereum',
    });
    expect(rows[2]).toMatchObject({ memo: 'Weekly trading profit' });
  });

  it('filters by trxType, status and coin', async () => {
    const only = async (query: string) => {
      const response = await history(query);
      await expectContract('listTransactions', response);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as Array<Record<string, unknown>>).map(
        (row) => `${row.trxType}:${row.status}`,
      );
    };
    expect(await only('?trxType=deposit')).toEqual([
      'deposit:pending',
      'deposit:rejected',
      'deposit:approved',
    ]);
    expect(await only('?status=pending')).toEqual(['withdrawal:pending', 'deposit:pending']);
    expect(await only('?status=approved&trxType=withdrawal')).toEqual(['withdrawal:approved']);
    expect(await only('?type=usdt')).toEqual(['withdrawal:approved', 'deposit:pending']);
    expect(await only('?status=rejected&type=bitcoin')).toEqual([]);
    expect(await only('?trxType=bonus')).toEqual(['bonus:approved']);
  });

  it('pages with a keyset cursor: no row twice, none missed', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await history(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      await expectContract('listTransactions', response);
      const page = response.json();
      seen.push(...page.items.map((row: { _id: string }) => row._id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    const whole = (await history('?limit=100')).json().items.map((row: { _id: string }) => row._id);
    expect(pages).toBe(3);
    expect(seen).toEqual(whole);
    expect(new Set(seen).size).toBe(8);
  });

  it('refuses a malformed cursor and bad filters with 400', async () => {
    for (const query of [
      '?cursor=not-a-cursor',
      '?cursor=eyJjIjoieCIsImkiOiJ5In0',
      '?limit=0',
      '?limit=101',
      '?trxType=gift',
      '?format=xml',
    ]) {
      const response = await history(query);
      await expectContract('listTransactions', response);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('exports every matching row as CSV, with formulas neutralised', async () => {
    const response = await history('?format=csv');
    await expectContract('listTransactions', response);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="transaction-history.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    // Every cell is quoted.
    expect(lines[0]).toBe(
      '"_id","createdAt","resolvedAt","trxType","direction","amount","status","type","network","paymentTo","address","ref","reason","memo","fundName","units","navPerUnit"',
    );
    expect(lines).toHaveLength(9);
    expect(lines[1]).toMatch(
      /,"adjustment","debit","1\.25","approved","","","","","ADJ-[0-9A-Z]{8}","","'=HYPERLINK\(""http:\/\/evil\.example""\)","","",""$/,
    );
    expect(lines.at(-1)).toMatch(/,"deposit","credit","1000\.00","approved","bitcoin","","bc1q/);
    const deposits = await history('?format=csv&trxType=deposit');
    expect(deposits.body.trimEnd().split('\r\n')).toHaveLength(4);
  });

  it('neutralises every character a spreadsheet starts a formula with, in each text a person typed', async () => {
    const writer = await signedInInvestor(app);
    const writerId = await userIdOf(writer.email);
    const formula = 'SUM(A1:A9)';
    // Memos are one-line text: a tab or a carriage return in one is refused before it is stored.
    for (const start of ['=', '+', '-', '@', ';']) {
      await postToLedger(app, admin, writerId, { kind: 'bonus', amount: 1, memo: `${start}${formula}` });
    }
    // Reasons take tabs and line breaks but are trimmed, so one that starts with either is stored
    // only by another way (an older rule, an import): that rejection is written straight into the
    // database (a resolved request cannot be changed afterwards).
    const starts = ['=', '+', '-', '@', '\t', '\r'];
    const { db } = await testDatabase();
    for (const start of starts) {
      const requested = await requestDeposit(app, writer, '1');
      const id = requested.json().transaction._id as string;
      const reason = `${start}${formula}`;
      if (start === '\t' || start === '\r') {
        await db
          .update(deposits)
          .set({ status: 'rejected', reason, resolvedAt: new Date(), reviewedById: admin.id })
          .where(eq(deposits.id, id));
      } else {
        const rejected = await review(app, admin, 'deposits', id, 'reject', reason);
        expect(rejected.statusCode, rejected.body).toBe(200);
      }
    }

    const response = await history('?format=csv', writer.headers);
    await expectContract('listTransactions', response);
    expect(response.statusCode).toBe(200);
    const [header = [], ...rows] = csvCells(response.body);
    const texts = (column: string) =>
      rows.map((row) => row[header.indexOf(column)]).filter((text) => text !== undefined && text !== '');
    expect(texts('memo').sort()).toEqual(
      ['=', '+', '-', '@', ';'].map((start) => `'${start}${formula}`).sort(),
    );
    expect(texts('reason').sort()).toEqual(starts.map((start) => `'${start}${formula}`).sort());
  });

  it("shows nobody else's rows", async () => {
    const stranger = await signedInInvestor(app);
    const response = await history('', stranger.headers);
    expect(response.json()).toEqual({ items: [], nextCursor: null });
    const csv = await history('?format=csv', stranger.headers);
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(1);
  });
});
