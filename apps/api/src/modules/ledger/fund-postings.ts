import type { Movement } from '@ledgerline/engine';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../../db/database';
import { ledgerEntries } from '../../db/schema';
import {
  type Asset,
  fundUnitsAsset,
  type JournalKind,
  type LedgerAccount,
  type Posting,
  postJournal,
} from './postings';

/**
 * A fund's movements in the ledger. The engine names its accounts (`fund:cash`, `fund:BTC`,
 * `exchange`, `investor:units`, …) and its assets (`USD`, coin codes, `UNITS`); here they become the
 * ledger's accounts, each entry carrying its asset and its fund:
 *
 * | engine                   | ledger account           | asset              | owner        |
 * | ------------------------ | ------------------------ | ------------------ | ------------ |
 * | `fund:cash`              | `fund_cash`              | USD                | the fund     |
 * | `fund:<COIN>`            | `fund_coin`              | the coin           | the fund     |
 * | `fund:units-outstanding` | `fund_units_outstanding` | `units:<fund id>`  | the fund     |
 * | `exchange`               | `exchange`               | USD or the coin    | the fund     |
 * | `exchange:fees`          | `exchange_fees`          | USD                | the fund     |
 * | `fees:platform`          | `management_fees`        | USD                | the fund     |
 * | `investor:units`         | `fund_units`             | `units:<fund id>`  | the investor |
 * | `investor:available`     | `pending_investment` (units issued: the money was set aside when the investment was made) or `available` (a redemption paid) | USD | the investor |
 */

/** The journal kind of a set of movements, from the engine's reason. */
const journalKinds: Record<Movement['reason'], JournalKind> = {
  trade: 'fund_trade',
  'trade-fee': 'fund_trade',
  'management-fee': 'fund_fee',
  issue: 'fund_issue',
  redemption: 'fund_redemption',
};

function postingOf(fundId: string, movement: Movement): Posting {
  const amount = Number(movement.amount);
  if (!Number.isSafeInteger(amount)) throw new RangeError(`A movement of ${movement.amount} is not exact`);
  const asset: Asset = movement.asset === 'UNITS' ? fundUnitsAsset(fundId) : movement.asset;
  const fundAccount = (account: LedgerAccount): Posting => ({ account, amountCents: amount, asset, fundId });
  switch (movement.account) {
    case 'fund:cash':
      return fundAccount('fund_cash');
    case 'fund:units-outstanding':
      return fundAccount('fund_units_outstanding');
    case 'exchange':
      return fundAccount('exchange');
    case 'exchange:fees':
      return fundAccount('exchange_fees');
    case 'fees:platform':
      return fundAccount('management_fees');
    case 'investor:units':
      return { ...fundAccount('fund_units'), userId: holderOf(movement) };
    case 'investor:available':
      return {
        account: movement.reason === 'issue' ? 'pending_investment' : 'available',
        amountCents: amount,
        asset,
        userId: holderOf(movement),
        fundId,
      };
    default:
      return fundAccount('fund_coin');
  }
}

function holderOf(movement: Movement): string {
  if (movement.holder === undefined)
    throw new Error(`Movement ${movement.ref} on an investor account has no holder`);
  return movement.holder;
}

/**
 * Posts a step's movements: one journal per `ref` (a fill, a priced request, a fee settlement),
 * balanced per asset, carrying the fund and, for an investor's movement, the investor. The journal
 * index (fund, kind, ref) is unique, so a step posted twice fails rather than doubling anything.
 */
export async function postFundMovements(
  tx: Tx,
  fundId: string,
  movements: readonly Movement[],
): Promise<number> {
  const byRef = new Map<string, Movement[]>();
  for (const movement of movements) {
    const group = byRef.get(movement.ref);
    if (group) group.push(movement);
    else byRef.set(movement.ref, [movement]);
  }
  for (const [ref, group] of byRef) {
    const first = group[0];
    if (first === undefined) continue;
    const holder = group.find((movement) => movement.holder !== undefined)?.holder ?? null;
    await postJournal(tx, {
      kind: journalKinds[first.reason],
      userId: holder,
      fundId,
      ref,
      postings: group
        .filter((movement) => movement.amount !== 0n)
        .map((movement) => postingOf(fundId, movement)),
    });
  }
  return byRef.size;
}

/**
 * An investment made: its amount moves from the investor's available balance to money waiting for
 * the fund (`pending_investment`), so it can be neither withdrawn nor invested twice. `refund` moves
 * it back, for an investment a valuation refused.
 */
export async function setAsideInvestment(
  tx: Tx,
  movement: { userId: string; fundId: string; requestId: string; amountCents: number; refund?: boolean },
): Promise<void> {
  const sign = movement.refund ? -1 : 1;
  await postJournal(tx, {
    kind: movement.refund ? 'fund_investment_refund' : 'fund_investment',
    userId: movement.userId,
    fundId: movement.fundId,
    ref: movement.requestId,
    postings: [
      {
        account: 'available',
        userId: movement.userId,
        fundId: movement.fundId,
        amountCents: -sign * movement.amountCents,
      },
      {
        account: 'pending_investment',
        userId: movement.userId,
        fundId: movement.fundId,
        amountCents: sign * movement.amountCents,
      },
    ],
  });
}

/** Units of `fundId` the user holds (scale 6): the sum of their `fund_units` entries. */
export async function unitsHeld(tx: Tx | Database, userId: string, fundId: string): Promise<bigint> {
  const [row] = rowsOf<{ units: string | number | null }>(
    await tx.execute(sql`SELECT coalesce(sum(amount_cents), 0)::text AS units FROM ${ledgerEntries}
      WHERE user_id = ${userId} AND account = 'fund_units' AND fund_id = ${fundId}`),
  );
  return BigInt(row?.units ?? 0);
}

/** One user's holding of a fund, from the ledger: units and the money that went in and came out. */
export type UnitHolding = {
  fundId: string;
  units: bigint;
  /** Investments priced into units, cents. */
  investedCents: bigint;
  /** Redemptions paid, cents. */
  redeemedCents: bigint;
};

/** Every fund the user has held, with its units (possibly zero after a full redemption) and flows. */
export async function unitHoldings(db: Tx | Database, userId: string): Promise<UnitHolding[]> {
  const rows = rowsOf<{ fund_id: string; units: string; invested: string; redeemed: string }>(
    await db.execute(sql`SELECT fund_id,
        coalesce(sum(amount_cents) FILTER (WHERE account = 'fund_units'), 0)::text AS units,
        coalesce(-sum(amount_cents) FILTER (WHERE account = 'pending_investment' AND kind = 'fund_issue'), 0)::text
          AS invested,
        coalesce(sum(amount_cents) FILTER (WHERE account = 'available' AND kind = 'fund_redemption'), 0)::text
          AS redeemed
      FROM ${ledgerEntries}
      WHERE user_id = ${userId} AND fund_id IS NOT NULL
      GROUP BY fund_id
      HAVING sum(amount_cents) FILTER (WHERE account = 'fund_units') IS NOT NULL
      ORDER BY fund_id`),
  );
  return rows.map((row) => ({
    fundId: row.fund_id,
    units: BigInt(row.units),
    investedCents: BigInt(row.invested),
    redeemedCents: BigInt(row.redeemed),
  }));
}

/** Each of a fund's own accounts' balance per asset, and how many investors hold its units. */
export type FundLedger = {
  /**
   * `account/asset` → balance of the entries naming the fund, e.g. `fund_cash/USD`, `fund_coin/BTC`,
   * `fund_units_outstanding/units:…` (its holders' dollars that moved to or from it are here too).
   */
  balances: Map<string, bigint>;
  /** Σ of every investor's units of the fund. */
  holdersUnits: bigint;
  holders: number;
};

export async function fundLedger(db: Tx | Database, fundId: string): Promise<FundLedger> {
  const rows = rowsOf<{ account: string; asset: string; balance: string }>(
    await db.execute(sql`SELECT account::text AS account, asset, sum(amount_cents)::text AS balance
      FROM ${ledgerEntries}
      WHERE fund_id = ${fundId}
      GROUP BY account, asset`),
  );
  const [counted] = rowsOf<{ holders: number | string }>(
    await db.execute(sql`SELECT count(*)::int AS holders FROM (SELECT user_id FROM ${ledgerEntries}
      WHERE fund_id = ${fundId} AND account = 'fund_units' GROUP BY user_id HAVING sum(amount_cents) > 0) held`),
  );
  const balances = new Map<string, bigint>();
  let holdersUnits = 0n;
  for (const row of rows) {
    balances.set(`${row.account}/${row.asset}`, BigInt(row.balance));
    if (row.account === 'fund_units') holdersUnits = BigInt(row.balance);
  }
  return { balances, holdersUnits, holders: Number(counted?.holders ?? 0) };
}

/** Journals whose entries do not sum to zero in some asset: none, while the ledger holds. */
export async function unbalancedJournalCount(db: Tx | Database): Promise<number> {
  const [row] = rowsOf<{ count: number | string }>(
    await db.execute(sql`SELECT count(*)::int AS count FROM (SELECT journal_id FROM ${ledgerEntries}
      GROUP BY journal_id, asset HAVING sum(amount_cents) <> 0) unbalanced`),
  );
  return Number(row?.count ?? 0);
}

/** The users who hold units of the fund `fundId` now, as a subquery of one column, `user_id`. */
export function fundHoldersSql(fundId: string): SQL {
  return sql`SELECT user_id FROM ${ledgerEntries}
    WHERE fund_id = ${fundId} AND account = 'fund_units'
    GROUP BY user_id HAVING sum(amount_cents) > 0`;
}
