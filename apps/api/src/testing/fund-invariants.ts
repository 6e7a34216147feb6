import { mulDiv, pow10, priceScale, unitScale, usdScale } from '@ledgerline/engine';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/database';
import { fundStates } from '../db/schema';
import { loadedState } from '../modules/trading/engine-state';
import { fundDifferences } from '../modules/trading/reconcile';

/*
 * The invariants of funds and their ledger, read back from the database after any run (concurrent
 * requests and steps, a server killed mid-step): each answered as a list of sentences naming what is
 * wrong, empty when everything holds, so a failure says which record broke which rule.
 *
 * - every journal balances in every asset, and no user account, fund cash or fund coin is below zero;
 * - each fund's books (the paper exchange's, the engine's state) equal its ledger, and its holders
 *   hold exactly the units it has issued (the reconciliation job's own comparison);
 * - every investment and redemption is priced at most once, at the NAV of the valuation that took it
 *   and after it was made, with exactly the journals its outcome calls for;
 * - every order is placed once (its client id's sequence number appears once, none is skipped), every
 *   filled order has one fill and one trade journal of that fill's amounts, and the orders still open
 *   are exactly the engine's;
 * - per asset, each fund's ledger equals what its fills, requests and fees moved, and each investor's
 *   dollars and units equal what was credited to them less what they put into funds plus what came back.
 */

type Amount = string | number | null;
const big = (value: Amount): bigint => BigInt(value ?? 0);

async function rows<Row>(db: Database, statement: SQL): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(statement));
}

const unitsAtPar = pow10(unitScale - usdScale);
const navPerUnitFactor = pow10(priceScale - usdScale + unitScale);

/** Journals that do not sum to zero in some asset, and accounts below zero. */
async function ledgerViolations(db: Database): Promise<string[]> {
  const found: string[] = [];
  const unbalanced = await rows<{ journal_id: string; asset: string; total: string }>(
    db,
    sql`SELECT journal_id, asset, sum(amount_cents)::text AS total FROM ledger_entries
      GROUP BY journal_id, asset HAVING sum(amount_cents) <> 0`,
  );
  for (const row of unbalanced)
    found.push(`journal ${row.journal_id} does not balance in ${row.asset}: ${row.total}`);
  const usersBelow = await rows<{ user_id: string; account: string; asset: string; total: string }>(
    db,
    sql`SELECT user_id, account::text AS account, asset, sum(amount_cents)::text AS total FROM ledger_entries
      WHERE user_id IS NOT NULL GROUP BY user_id, account, asset HAVING sum(amount_cents) < 0`,
  );
  for (const row of usersBelow)
    found.push(`user ${row.user_id}'s ${row.account} is below zero in ${row.asset}: ${row.total}`);
  const fundsBelow = await rows<{ fund_id: string; account: string; asset: string; total: string }>(
    db,
    sql`SELECT fund_id, account::text AS account, asset, sum(amount_cents)::text AS total FROM ledger_entries
      WHERE user_id IS NULL AND fund_id IS NOT NULL AND account IN ('fund_cash', 'fund_coin')
      GROUP BY fund_id, account, asset HAVING sum(amount_cents) < 0`,
  );
  for (const row of fundsBelow)
    found.push(`fund ${row.fund_id}'s ${row.account} is below zero in ${row.asset}: ${row.total}`);
  return found;
}

type RequestRow = {
  id: string;
  kind: 'investment' | 'redemption';
  status: 'pending' | 'priced' | 'cancelled';
  user_id: string;
  fund_id: string;
  amount_cents: Amount;
  units: Amount;
  all: boolean;
  priced_units: Amount;
  priced_amount_cents: Amount;
  nav_per_unit8: Amount;
  reason: string | null;
  priced_at: Date | string | null;
  created_at: Date | string;
  set_aside: number;
  refunds: number;
  issues: number;
  redemptions: number;
  units_moved: Amount;
  cash_moved: Amount;
  valuation_nav: Amount;
  valuation_units: Amount;
  valuation_nav_per_unit8: Amount;
};

/** Each request's outcome against its journals and the valuation that priced it. */
async function requestViolations(db: Database, fundId: string): Promise<string[]> {
  const found: string[] = [];
  const requests = await rows<RequestRow>(
    db,
    sql`SELECT r.id, r.kind::text AS kind, r.status::text AS status, r.user_id, r.fund_id,
        r.amount_cents::text AS amount_cents, r.units::text AS units, r."all",
        r.priced_units::text AS priced_units, r.priced_amount_cents::text AS priced_amount_cents,
        r.nav_per_unit8::text AS nav_per_unit8, r.reason, r.priced_at, r.created_at,
        (SELECT count(*) FROM ledger_journals j WHERE j.fund_id = r.fund_id AND j.ref = r.id::text
          AND j.kind = 'fund_investment')::int AS set_aside,
        (SELECT count(*) FROM ledger_journals j WHERE j.fund_id = r.fund_id AND j.ref = r.id::text
          AND j.kind = 'fund_investment_refund')::int AS refunds,
        (SELECT count(*) FROM ledger_journals j WHERE j.fund_id = r.fund_id AND j.ref = r.id::text
          AND j.kind = 'fund_issue')::int AS issues,
        (SELECT count(*) FROM ledger_journals j WHERE j.fund_id = r.fund_id AND j.ref = r.id::text
          AND j.kind = 'fund_redemption')::int AS redemptions,
        (SELECT coalesce(sum(e.amount_cents), 0)::text FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
          WHERE j.fund_id = r.fund_id AND j.ref = r.id::text AND j.kind IN ('fund_issue', 'fund_redemption')
          AND e.account = 'fund_units' AND e.user_id = r.user_id) AS units_moved,
        (SELECT coalesce(sum(e.amount_cents), 0)::text FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
          WHERE j.fund_id = r.fund_id AND j.ref = r.id::text AND j.kind IN ('fund_issue', 'fund_redemption')
          AND e.account = 'fund_cash') AS cash_moved,
        v.nav_cents::text AS valuation_nav, v.units_outstanding::text AS valuation_units,
        v.nav_per_unit8::text AS valuation_nav_per_unit8
      FROM fund_requests r
      LEFT JOIN fund_valuations v ON v.fund_id = r.fund_id AND v.time = r.priced_at
      WHERE r.fund_id = ${fundId}`,
  );
  for (const request of requests) {
    const name = `${request.kind} ${request.id}`;
    const expect = (what: string, actual: unknown, wanted: unknown) => {
      if (actual !== wanted) found.push(`${name}: ${what} is ${String(actual)}, not ${String(wanted)}`);
    };
    const journals = {
      setAside: request.set_aside,
      refunds: request.refunds,
      issues: request.issues,
      redemptions: request.redemptions,
    };
    const investment = request.kind === 'investment';
    expect(
      'its journals',
      JSON.stringify(journals),
      JSON.stringify({
        setAside: investment ? 1 : 0,
        refunds: investment && request.status === 'cancelled' ? 1 : 0,
        issues: investment && request.status === 'priced' ? 1 : 0,
        redemptions: !investment && request.status === 'priced' ? 1 : 0,
      }),
    );
    if (request.status === 'pending') continue;
    if (request.priced_at === null) {
      found.push(`${name}: ${request.status} without a valuation time`);
      continue;
    }
    // Forward pricing: at a valuation struck after the request was made.
    if (new Date(request.priced_at).getTime() <= new Date(request.created_at).getTime())
      found.push(`${name}: priced at ${String(request.priced_at)}, not after it was made`);
    if (request.status === 'cancelled') {
      if (!request.reason) found.push(`${name}: refused without a reason`);
      continue;
    }
    if (request.valuation_nav === null) {
      found.push(`${name}: no valuation of the fund at ${String(request.priced_at)}`);
      continue;
    }
    const nav = big(request.valuation_nav);
    const outstanding = big(request.valuation_units);
    const units = big(request.priced_units);
    const cents = big(request.priced_amount_cents);
    expect('its NAV per unit', big(request.nav_per_unit8), big(request.valuation_nav_per_unit8));
    if (investment) {
      expect('its amount', cents, big(request.amount_cents));
      const wanted = outstanding === 0n ? cents * unitsAtPar : mulDiv(cents, outstanding, nav, 'floor');
      expect('its units', units, wanted);
      expect('the units journaled to the investor', big(request.units_moved), units);
      expect('the cash journaled to the fund', big(request.cash_moved), cents);
    } else {
      if (request.units !== null) expect('its units', units, big(request.units));
      if (request.amount_cents !== null) {
        expect('its amount', cents, big(request.amount_cents));
        expect('its units', units, mulDiv(cents, outstanding, nav, 'ceil'));
      } else expect('its payout', cents, mulDiv(units, nav, outstanding, 'floor'));
      expect('the units journaled from the investor', big(request.units_moved), -units);
      expect('the cash journaled from the fund', big(request.cash_moved), -cents);
    }
    // Checked against the NAV per unit too, so a payout can never exceed units × NAV per unit.
    if (!investment && cents * navPerUnitFactor > units * big(request.nav_per_unit8) + navPerUnitFactor)
      found.push(`${name}: pays ${cents} cents for ${units} units at ${request.nav_per_unit8} a unit`);
  }
  const orphans = await rows<{ kind: string; ref: string }>(
    db,
    sql`SELECT j.kind::text AS kind, j.ref FROM ledger_journals j
      WHERE j.fund_id = ${fundId}
        AND j.kind IN ('fund_investment', 'fund_investment_refund', 'fund_issue', 'fund_redemption')
        AND NOT EXISTS (SELECT 1 FROM fund_requests r WHERE r.id::text = j.ref AND r.fund_id = j.fund_id)`,
  );
  for (const orphan of orphans) found.push(`a ${orphan.kind} journal ${orphan.ref} has no request`);
  return found;
}

type OrderRow = {
  client_id: string;
  pair: string;
  side: string;
  reason: string;
  state: string;
  fills: number;
  journals: number;
  quantity: Amount;
  notional: Amount;
  fee: Amount;
  coin_moved: Amount;
  cash_moved: Amount;
  fees_moved: Amount;
};

/** Orders placed once each, fills and their journals once each, open orders as the engine has them. */
async function orderViolations(db: Database, fundId: string): Promise<string[]> {
  const found: string[] = [];
  const placed = await rows<OrderRow>(
    db,
    sql`SELECT o.client_id, o.pair, o.side, o.reason, o.state::text AS state,
        (SELECT count(*) FROM fills f WHERE f.order_client_id = o.client_id)::int AS fills,
        (SELECT count(*) FROM ledger_journals j WHERE j.fund_id = o.fund_id AND j.kind = 'fund_trade'
          AND j.ref = o.client_id)::int AS journals,
        f.quantity::text AS quantity, f.notional_cents::text AS notional, f.fee_cents::text AS fee,
        (SELECT coalesce(sum(e.amount_cents), 0)::text FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
          WHERE j.fund_id = o.fund_id AND j.kind = 'fund_trade' AND j.ref = o.client_id AND e.account = 'fund_coin')
          AS coin_moved,
        (SELECT coalesce(sum(e.amount_cents), 0)::text FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
          WHERE j.fund_id = o.fund_id AND j.kind = 'fund_trade' AND j.ref = o.client_id AND e.account = 'fund_cash')
          AS cash_moved,
        (SELECT coalesce(sum(e.amount_cents), 0)::text FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
          WHERE j.fund_id = o.fund_id AND j.kind = 'fund_trade' AND j.ref = o.client_id AND e.account = 'exchange_fees')
          AS fees_moved
      FROM orders o LEFT JOIN fills f ON f.order_client_id = o.client_id
      WHERE o.fund_id = ${fundId}`,
  );
  const [stored] = await db.select().from(fundStates).where(eq(fundStates.fundId, fundId));
  const state = stored ? loadedState(stored.state) : null;
  const sequences = new Map<number, string>();
  const legs = new Map<string, string>();
  for (const order of placed) {
    const name = `order ${order.client_id}`;
    const [time, sequence] = order.client_id.startsWith(`${fundId}-`)
      ? order.client_id
          .slice(fundId.length + 1)
          .split('-')
          .map(Number)
      : [];
    if (
      time === undefined ||
      sequence === undefined ||
      !Number.isInteger(time) ||
      !Number.isInteger(sequence)
    ) {
      found.push(`${name}: not a client id of the fund's`);
      continue;
    }
    const twin = sequences.get(sequence);
    if (twin !== undefined) found.push(`${name}: its sequence number is ${twin}'s too`);
    sequences.set(sequence, order.client_id);
    const leg = `${time} ${order.pair} ${order.side} ${order.reason}`;
    const sameLeg = legs.get(leg);
    if (sameLeg !== undefined) found.push(`${name}: placed twice at one step (${sameLeg} too)`);
    legs.set(leg, order.client_id);
    const filled = order.state === 'filled';
    if (order.fills !== (filled ? 1 : 0) || order.journals !== (filled ? 1 : 0))
      found.push(`${name}: ${order.state} with ${order.fills} fills and ${order.journals} trade journals`);
    if (!filled || order.fills !== 1) continue;
    const buy = order.side === 'buy';
    const quantity = big(order.quantity);
    const notional = big(order.notional);
    const fee = big(order.fee);
    if (big(order.coin_moved) !== (buy ? quantity : -quantity))
      found.push(`${name}: its journal moves ${order.coin_moved} of the coin, its fill ${quantity}`);
    if (big(order.cash_moved) !== (buy ? -(notional + fee) : notional - fee))
      found.push(
        `${name}: its journal moves ${order.cash_moved} of cash, its fill ${notional} and ${fee} fee`,
      );
    if (big(order.fees_moved) !== fee)
      found.push(`${name}: its journal pays ${order.fees_moved} in fees, its fill ${fee}`);
  }
  const last = state?.sequence ?? 0;
  for (let sequence = 1; sequence <= last; sequence++)
    if (!sequences.has(sequence)) found.push(`fund ${fundId}: order number ${sequence} was never stored`);
  for (const sequence of sequences.keys())
    if (sequence < 1 || sequence > last)
      found.push(`fund ${fundId}: order number ${sequence} is beyond the engine's ${last}`);
  const open = placed
    .filter((order) => order.state === 'sent')
    .map((order) => order.client_id)
    .sort();
  const engineOpen = (state?.openOrders ?? []).map((order) => order.clientId).sort();
  if (JSON.stringify(open) !== JSON.stringify(engineOpen))
    found.push(
      `fund ${fundId}: orders open ${JSON.stringify(open)}, the engine's ${JSON.stringify(engineOpen)}`,
    );
  const orphans = await rows<{ ref: string }>(
    db,
    sql`SELECT j.ref FROM ledger_journals j WHERE j.fund_id = ${fundId} AND j.kind = 'fund_trade'
      AND NOT EXISTS (SELECT 1 FROM fills f WHERE f.order_client_id = j.ref AND f.fund_id = j.fund_id)`,
  );
  for (const orphan of orphans) found.push(`a trade journal ${orphan.ref} has no fill`);
  return found;
}

/** Per asset, the fund's ledger against what its fills, requests and fee settlements moved. */
async function conservationViolations(db: Database, fundId: string): Promise<string[]> {
  const found: string[] = [];
  const balances = new Map(
    (
      await rows<{ key: string; total: string }>(
        db,
        sql`SELECT account::text || '/' || asset AS key, sum(amount_cents)::text AS total FROM ledger_entries
          WHERE fund_id = ${fundId} AND user_id IS NULL GROUP BY account, asset`,
      )
    ).map((row) => [row.key, BigInt(row.total)]),
  );
  const balance = (key: string) => balances.get(key) ?? 0n;
  const [flows] = await rows<Record<string, string>>(
    db,
    sql`SELECT
        (SELECT coalesce(sum(priced_amount_cents), 0) FROM fund_requests
          WHERE fund_id = ${fundId} AND kind = 'investment' AND status = 'priced')::text AS issued,
        (SELECT coalesce(sum(priced_amount_cents), 0) FROM fund_requests
          WHERE fund_id = ${fundId} AND kind = 'redemption' AND status = 'priced')::text AS paid,
        (SELECT coalesce(sum(amount_cents), 0) FROM fund_requests
          WHERE fund_id = ${fundId} AND kind = 'investment' AND status = 'pending')::text AS waiting,
        (SELECT coalesce(sum(priced_units), 0) FROM fund_requests
          WHERE fund_id = ${fundId} AND kind = 'investment' AND status = 'priced')::text AS units_issued,
        (SELECT coalesce(sum(priced_units), 0) FROM fund_requests
          WHERE fund_id = ${fundId} AND kind = 'redemption' AND status = 'priced')::text AS units_redeemed,
        (SELECT coalesce(sum(notional_cents + fee_cents), 0) FROM fills WHERE fund_id = ${fundId} AND side = 'buy')::text
          AS bought,
        (SELECT coalesce(sum(notional_cents - fee_cents), 0) FROM fills WHERE fund_id = ${fundId} AND side = 'sell')::text
          AS sold,
        (SELECT coalesce(sum(CASE side WHEN 'buy' THEN notional_cents ELSE -notional_cents END), 0)
          FROM fills WHERE fund_id = ${fundId})::text AS exchange_usd,
        (SELECT coalesce(sum(fee_cents), 0) FROM fills WHERE fund_id = ${fundId})::text AS fees,
        (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries
          WHERE fund_id = ${fundId} AND account = 'pending_investment')::text AS pending_ledger`,
  );
  const flow = (name: string) => big(flows?.[name] ?? null);
  const compare = (what: string, ledgered: bigint, recorded: bigint) => {
    if (ledgered !== recorded)
      found.push(`fund ${fundId}: ${what} is ${ledgered} in the ledger, ${recorded} by its records`);
  };
  compare(
    'cash',
    balance('fund_cash/USD'),
    flow('issued') - flow('paid') - flow('bought') + flow('sold') - balance('management_fees/USD'),
  );
  compare('the exchange’s dollars', balance('exchange/USD'), flow('exchange_usd'));
  compare('exchange fees', balance('exchange_fees/USD'), flow('fees'));
  compare('money waiting for the fund', flow('pending_ledger'), flow('waiting'));
  compare(
    'units in issue',
    -balance(`fund_units_outstanding/units:${fundId}`),
    flow('units_issued') - flow('units_redeemed'),
  );
  const coins = await rows<{ coin: string; held: string }>(
    db,
    sql`SELECT split_part(pair, '/', 1) AS coin,
        sum(CASE side WHEN 'buy' THEN quantity ELSE -quantity END)::text AS held
      FROM fills WHERE fund_id = ${fundId} GROUP BY 1`,
  );
  const ledgerCoins = new Set(
    [...balances.keys()].filter((key) => key.startsWith('fund_coin/')).map((key) => key.slice(10)),
  );
  for (const { coin, held } of coins) {
    ledgerCoins.delete(coin);
    compare(coin, balance(`fund_coin/${coin}`), BigInt(held));
    compare(`the exchange’s ${coin}`, balance(`exchange/${coin}`), -BigInt(held));
  }
  for (const coin of ledgerCoins) compare(coin, balance(`fund_coin/${coin}`), 0n);
  // What came in through investments and went out through redemptions is all still in the fund's
  // cash, with the exchange (paid for coins), or paid in fees.
  compare(
    'dollars in, less dollars out',
    balance('fund_cash/USD') +
      balance('exchange/USD') +
      balance('exchange_fees/USD') +
      balance('management_fees/USD'),
    flow('issued') - flow('paid'),
  );
  return found;
}

/** Each investor's dollars and units against what was credited to them and their priced requests. */
async function investorViolations(
  db: Database,
  fundIds: readonly string[],
  credited: ReadonlyMap<string, bigint>,
): Promise<string[]> {
  const found: string[] = [];
  for (const [userId, cents] of credited) {
    const [money] = await rows<{ usd: string; invested: string; paid: string }>(
      db,
      sql`SELECT
          (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE user_id = ${userId}
            AND asset = 'USD' AND account IN ('available', 'held', 'pending_investment'))::text AS usd,
          (SELECT coalesce(sum(priced_amount_cents), 0) FROM fund_requests WHERE user_id = ${userId}
            AND kind = 'investment' AND status = 'priced')::text AS invested,
          (SELECT coalesce(sum(priced_amount_cents), 0) FROM fund_requests WHERE user_id = ${userId}
            AND kind = 'redemption' AND status = 'priced')::text AS paid`,
    );
    const usd = big(money?.usd ?? null);
    const wanted = cents - big(money?.invested ?? null) + big(money?.paid ?? null);
    if (usd !== wanted)
      found.push(
        `user ${userId}: ${usd} cents available, held or waiting; ${wanted} credited less invested plus paid`,
      );
    for (const fundId of fundIds) {
      const [units] = await rows<{ held: string; issued: string; redeemed: string }>(
        db,
        sql`SELECT
            (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE user_id = ${userId}
              AND fund_id = ${fundId} AND account = 'fund_units')::text AS held,
            (SELECT coalesce(sum(priced_units), 0) FROM fund_requests WHERE user_id = ${userId}
              AND fund_id = ${fundId} AND kind = 'investment' AND status = 'priced')::text AS issued,
            (SELECT coalesce(sum(priced_units), 0) FROM fund_requests WHERE user_id = ${userId}
              AND fund_id = ${fundId} AND kind = 'redemption' AND status = 'priced')::text AS redeemed`,
      );
      const held = big(units?.held ?? null);
      const net = big(units?.issued ?? null) - big(units?.redeemed ?? null);
      if (held !== net)
        found.push(`user ${userId}: holds ${held} units of ${fundId}, issued less redeemed ${net}`);
    }
  }
  return found;
}

/**
 * Every invariant above over `fundIds`, and over the investors in `credited` (user id → the cents
 * credited to them from outside the funds: their deposits). Empty when all hold.
 */
export async function fundInvariantViolations(
  db: Database,
  fundIds: readonly string[],
  credited: ReadonlyMap<string, bigint> = new Map(),
): Promise<string[]> {
  const found = await ledgerViolations(db);
  for (const fundId of fundIds) {
    for (const difference of await fundDifferences(db, fundId))
      found.push(`fund ${fundId} does not reconcile: ${difference}`);
    found.push(...(await requestViolations(db, fundId)));
    found.push(...(await orderViolations(db, fundId)));
    found.push(...(await conservationViolations(db, fundId)));
  }
  found.push(...(await investorViolations(db, fundIds, credited)));
  return found;
}
