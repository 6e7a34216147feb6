/*
 * Movements: what the server writes as double-entry ledger journals. Each movement is one signed
 * amount of one asset on one account; a set of movements for one event (a fill, an issue, a
 * redemption, a fee) sums to zero per asset once the counter-accounts are included, so nothing is
 * created or lost. The engine never posts profit: it follows from the balances.
 */
import { baseOf, cashAsset, unitsAsset } from './assets';
import type { Fill } from './orders';

/**
 * The accounts movements name. `fund:cash` holds the fund's US dollars and `fund:<COIN>` each coin;
 * `exchange` is the market on the other side of every trade and `exchange:fees` what it charges;
 * `fees:platform` receives the management fee; `investor:available` is an investor's spendable US
 * dollars and `investor:units` the units they hold (`holder` says whose); `fund:units-outstanding`
 * is the counter-account of every unit issued, so its balance is minus the units in issue.
 */
export type LedgerAccount =
  | 'fund:cash'
  | `fund:${string}`
  | 'exchange'
  | 'exchange:fees'
  | 'fees:platform'
  | 'investor:available'
  | 'investor:units'
  | 'fund:units-outstanding';

/** Why an amount moved. */
export type MovementReason = 'trade' | 'trade-fee' | 'management-fee' | 'issue' | 'redemption';

/** One signed amount (minor units of the asset: cents, coin at scale 8, units at scale 6) on one account. */
export interface Movement {
  readonly account: LedgerAccount;
  readonly asset: string;
  readonly amount: bigint;
  readonly reason: MovementReason;
  /** The fill's client id or the request's id the movement belongs to. */
  readonly ref: string;
  /** The investor, on investor accounts. */
  readonly holder?: string;
}

/** The account that holds a coin for the fund. */
export function fundCoinAccount(coin: string): LedgerAccount {
  return `fund:${coin}`;
}

/**
 * A fill's movements. A buy: the fund's cash pays the notional to the exchange and the fee to
 * `exchange:fees`, and the exchange delivers the coin. A sell: the coin goes to the exchange, which
 * pays the notional, less the fee, into the fund's cash.
 */
export function fillMovements(fill: Fill): Movement[] {
  const coin = baseOf(fill.pair);
  const ref = fill.clientId;
  const coinAccount = fundCoinAccount(coin);
  if (fill.side === 'buy') {
    return [
      {
        account: 'fund:cash',
        asset: cashAsset,
        amount: -(fill.notionalCents + fill.feeCents),
        reason: 'trade',
        ref,
      },
      { account: 'exchange', asset: cashAsset, amount: fill.notionalCents, reason: 'trade', ref },
      { account: 'exchange:fees', asset: cashAsset, amount: fill.feeCents, reason: 'trade-fee', ref },
      { account: 'exchange', asset: coin, amount: -fill.quantity, reason: 'trade', ref },
      { account: coinAccount, asset: coin, amount: fill.quantity, reason: 'trade', ref },
    ];
  }
  return [
    { account: coinAccount, asset: coin, amount: -fill.quantity, reason: 'trade', ref },
    { account: 'exchange', asset: coin, amount: fill.quantity, reason: 'trade', ref },
    { account: 'exchange', asset: cashAsset, amount: -fill.notionalCents, reason: 'trade', ref },
    {
      account: 'fund:cash',
      asset: cashAsset,
      amount: fill.notionalCents - fill.feeCents,
      reason: 'trade',
      ref,
    },
    { account: 'exchange:fees', asset: cashAsset, amount: fill.feeCents, reason: 'trade-fee', ref },
  ];
}

/** Units issued for an investment: the investor's dollars go into the fund's cash, and units to the investor. */
export function issueMovements(issue: {
  id: string;
  investorId: string;
  amountCents: bigint;
  units: bigint;
}): Movement[] {
  const { id: ref, investorId: holder } = issue;
  return [
    {
      account: 'investor:available',
      asset: cashAsset,
      amount: -issue.amountCents,
      reason: 'issue',
      ref,
      holder,
    },
    { account: 'fund:cash', asset: cashAsset, amount: issue.amountCents, reason: 'issue', ref },
    { account: 'fund:units-outstanding', asset: unitsAsset, amount: -issue.units, reason: 'issue', ref },
    { account: 'investor:units', asset: unitsAsset, amount: issue.units, reason: 'issue', ref, holder },
  ];
}

/** A redemption paid: the investor's units return to the fund and its cash pays the investor. */
export function redemptionMovements(redemption: {
  id: string;
  investorId: string;
  payoutCents: bigint;
  units: bigint;
}): Movement[] {
  const { id: ref, investorId: holder } = redemption;
  return [
    {
      account: 'investor:units',
      asset: unitsAsset,
      amount: -redemption.units,
      reason: 'redemption',
      ref,
      holder,
    },
    {
      account: 'fund:units-outstanding',
      asset: unitsAsset,
      amount: redemption.units,
      reason: 'redemption',
      ref,
    },
    { account: 'fund:cash', asset: cashAsset, amount: -redemption.payoutCents, reason: 'redemption', ref },
    {
      account: 'investor:available',
      asset: cashAsset,
      amount: redemption.payoutCents,
      reason: 'redemption',
      ref,
      holder,
    },
  ];
}

/** The management fee paid from the fund's cash to the platform. */
export function managementFeeMovements(ref: string, cents: bigint): Movement[] {
  return [
    { account: 'fund:cash', asset: cashAsset, amount: -cents, reason: 'management-fee', ref },
    { account: 'fees:platform', asset: cashAsset, amount: cents, reason: 'management-fee', ref },
  ];
}

/** The sum of the movements per asset; a balanced set has zero for every asset. */
export function movementTotals(movements: readonly Movement[]): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const m of movements) totals.set(m.asset, (totals.get(m.asset) ?? 0n) + m.amount);
  return totals;
}

/** Whether every asset's movements sum to zero. */
export function isBalanced(movements: readonly Movement[]): boolean {
  for (const total of movementTotals(movements).values()) if (total !== 0n) return false;
  return true;
}
