/*
 * A fund's books: cash, coin positions, units in issue and fees owed. NAV = Σ quantity × last price
 * + cash − accrued fees, never below zero. Investors buy and sell units at the NAV struck after their
 * request (forward pricing), so nobody trades at a price already known.
 */
import { baseOf } from './assets';
import { fillCashDelta } from './fill';
import { issueMovements, type Movement, managementFeeMovements, redemptionMovements } from './ledger';
import {
  divide,
  maxBig,
  minBig,
  mulDiv,
  notionalCents,
  pow10,
  priceScale,
  unitScale,
  usdScale,
} from './money';
import type { Fill, Intent } from './orders';

/** A coin the fund holds, with what it cost (fees included) and the profit realised since it was opened. */
export interface Position {
  /** Scale 8. */
  readonly quantity: bigint;
  /** What the quantity held cost, trading fees included, in cents. */
  readonly costCents: bigint;
  /** Profit or loss realised by sells since the position was opened, in cents. */
  readonly realizedCents: bigint;
}

/** Money an investor has sent, waiting for the next valuation to become units. */
export interface PendingInvestment {
  readonly id: string;
  readonly investorId: string;
  readonly amountCents: bigint;
  readonly requestedAt: number;
}

/**
 * What an investor asks back: a number of units, an amount of dollars, or all they hold. The server
 * passes `heldUnits` (the investor's balance of the fund's units) so the engine can refuse more.
 */
export type RedemptionRequest =
  | { readonly kind: 'units'; readonly units: bigint; readonly heldUnits: bigint }
  | { readonly kind: 'amount'; readonly amountCents: bigint; readonly heldUnits: bigint }
  | { readonly kind: 'all'; readonly heldUnits: bigint };

/** A redemption waiting for the next valuation. */
export interface PendingRedemption {
  readonly id: string;
  readonly investorId: string;
  readonly request: RedemptionRequest;
  readonly requestedAt: number;
}

/** A fund's books as plain data. */
export interface FundState {
  readonly cashCents: bigint;
  /** Per coin code (`'BTC'`). */
  readonly positions: Readonly<Record<string, Position>>;
  /** Units in issue, scale 6. */
  readonly unitsOutstanding: bigint;
  /** Management fee owed to the platform and not yet paid, cents. */
  readonly accruedFeesCents: bigint;
  /**
   * The part of the management fee smaller than a cent, as a numerator over 10,000 × one year in ms:
   * carried to the next valuation so frequent valuations neither lose nor invent fees.
   */
  readonly feeRemainder: bigint;
  /** The highest NAV per unit struck so far, price8. */
  readonly highWaterNavPerUnit8: bigint;
  /** When the last valuation was struck, ms; null before the first. */
  readonly lastValuationTime: number | null;
  readonly pendingInvestments: readonly PendingInvestment[];
  readonly pendingRedemptions: readonly PendingRedemption[];
}

/** NAV per unit of a fund with no units: 1.00000000 USD, price8. */
export const initialNavPerUnit8 = pow10(priceScale);

/** A fund's books before its first investment: nothing held, NAV per unit 1 USD. */
export function emptyFund(cashCents = 0n, unitsOutstanding = 0n): FundState {
  return {
    cashCents,
    positions: {},
    unitsOutstanding,
    accruedFeesCents: 0n,
    feeRemainder: 0n,
    highWaterNavPerUnit8: initialNavPerUnit8,
    lastValuationTime: null,
    pendingInvestments: [],
    pendingRedemptions: [],
  };
}

/** Units of a first investment at 1 USD a unit: one cent is 0.01 unit, 10^4 at scale 6. */
const unitsPerCentAtPar = pow10(unitScale - usdScale);
/** Cents × this is price8 × units-scale, to compare a NAV with units. */
const navPerUnitFactor = pow10(priceScale - usdScale + unitScale);

/** The last price of each coin (price8), by coin code. */
export type CoinPrices = Readonly<Record<string, { readonly price8: bigint; readonly time: number }>>;

/** A valuation of the fund's books at the last prices. */
export interface Valuation {
  readonly time: number;
  /** Σ quantity × last price, each rounded down to the cent. */
  readonly positionsCents: bigint;
  readonly cashCents: bigint;
  readonly accruedFeesCents: bigint;
  /** positions + cash − accrued fees, never below zero. */
  readonly navCents: bigint;
  readonly unitsOutstanding: bigint;
  /** NAV ÷ units, rounded down, price8; 1 USD while no unit is in issue. */
  readonly navPerUnit8: bigint;
}

/** The value of the positions in cents at the last prices; each rounded down, so holdings are never overstated. */
export function positionsValueCents(fund: FundState, prices: CoinPrices): bigint {
  let total = 0n;
  for (const coin in fund.positions) {
    const position = fund.positions[coin];
    const mark = prices[coin];
    if (position === undefined || mark === undefined || position.quantity === 0n) continue;
    total += notionalCents(position.quantity, mark.price8, 'floor');
  }
  return total;
}

/** NAV per unit (price8) of a NAV and a number of units, rounded down; 1 USD while no unit is in issue. */
export function navPerUnit(navCents: bigint, unitsOutstanding: bigint): bigint {
  if (unitsOutstanding <= 0n) return initialNavPerUnit8;
  return mulDiv(navCents, navPerUnitFactor, unitsOutstanding, 'floor');
}

/** The fund valued at the last prices, without touching fees or requests. */
export function valueFund(fund: FundState, prices: CoinPrices, time: number): Valuation {
  const positionsCents = positionsValueCents(fund, prices);
  const gross = positionsCents + fund.cashCents - fund.accruedFeesCents;
  const navCents = gross > 0n ? gross : 0n;
  return {
    time,
    positionsCents,
    cashCents: fund.cashCents,
    accruedFeesCents: fund.accruedFeesCents,
    navCents,
    unitsOutstanding: fund.unitsOutstanding,
    navPerUnit8: navPerUnit(navCents, fund.unitsOutstanding),
  };
}

/** A position closed to zero by a sell: one round trip and its profit or loss. */
export interface RoundTrip {
  readonly coin: string;
  readonly pnlCents: bigint;
  readonly closedAt: number;
}

/**
 * The books after a fill: the cash moves by the notional and the fee, the coin by the quantity. A
 * buy adds what it paid (fee included) to the cost; a sell releases the cost of the share sold
 * (rounded up, so the remaining cost is never overstated) and realises proceeds − fee − that cost.
 */
export function applyFill(fund: FundState, fill: Fill): { fund: FundState; roundTrip: RoundTrip | null } {
  const coin = baseOf(fill.pair);
  const held = fund.positions[coin] ?? { quantity: 0n, costCents: 0n, realizedCents: 0n };
  const cashCents = fund.cashCents + fillCashDelta(fill);
  if (cashCents < 0n) throw new RangeError(`Fill ${fill.clientId} spends more cash than the fund holds`);
  let position: Position;
  let roundTrip: RoundTrip | null = null;
  if (fill.side === 'buy') {
    position = {
      quantity: held.quantity + fill.quantity,
      costCents: held.costCents + fill.notionalCents + fill.feeCents,
      realizedCents: held.quantity === 0n ? 0n : held.realizedCents,
    };
  } else {
    if (fill.quantity > held.quantity)
      throw new RangeError(`Fill ${fill.clientId} sells more ${coin} than held`);
    const released =
      fill.quantity === held.quantity
        ? held.costCents
        : mulDiv(held.costCents, fill.quantity, held.quantity, 'ceil');
    const realizedCents = held.realizedCents + fill.notionalCents - fill.feeCents - released;
    const quantity = held.quantity - fill.quantity;
    position = { quantity, costCents: held.costCents - released, realizedCents };
    if (quantity === 0n) roundTrip = { coin, pnlCents: realizedCents, closedAt: fill.time };
  }
  const positions = { ...fund.positions };
  if (position.quantity === 0n) delete positions[coin];
  else positions[coin] = position;
  return { fund: { ...fund, cashCents, positions }, roundTrip };
}

/** An empty list shared by every valuation without requests (a step strikes one per candle). */
const none: readonly never[] = Object.freeze([]);

/** One year for the management fee: 365 days in ms. */
export const yearMs = 365 * 86_400_000;
const feeDenominator = 10_000n * BigInt(yearMs);

/** Units issued at a valuation. */
export interface UnitIssue {
  readonly id: string;
  readonly investorId: string;
  readonly amountCents: bigint;
  readonly units: bigint;
}

/** A redemption paid at a valuation. */
export interface UnitRedemption {
  readonly id: string;
  readonly investorId: string;
  readonly units: bigint;
  readonly payoutCents: bigint;
}

/** A request the valuation refused, with a sentence an investor can read. */
export interface RefusedRequest {
  readonly id: string;
  readonly investorId: string;
  readonly reason: string;
}

/** What a valuation did. */
export interface ValuationResult {
  readonly fund: FundState;
  /** The NAV struck, before the requests it priced. */
  readonly valuation: Valuation;
  readonly issued: readonly UnitIssue[];
  readonly redeemed: readonly UnitRedemption[];
  readonly refused: readonly RefusedRequest[];
  /** Management fee accrued at this valuation, cents. */
  readonly feeAccruedCents: bigint;
  readonly movements: readonly Movement[];
  /** Sells that raise the cash the waiting redemptions need; they are paid at a later valuation. */
  readonly redemptionSells: readonly Intent[];
  /** What the redemptions still waiting would be paid at this NAV, cents: cash the strategy must not spend. */
  readonly awaitingPayoutCents: bigint;
}

/** The units a redemption request gives back at a NAV and units in issue, or a refusal. */
function unitsToRedeem(
  request: RedemptionRequest,
  navCents: bigint,
  units: bigint,
): { units: bigint; payoutCents: bigint } | string {
  let redeem: bigint;
  if (request.kind === 'units') redeem = request.units;
  else if (request.kind === 'all') redeem = request.heldUnits;
  else {
    if (navCents <= 0n) return 'The fund has no value to pay out.';
    // The units given up for a dollar amount round up, so the amount never costs the fund more units' worth.
    redeem = mulDiv(request.amountCents, units, navCents, 'ceil');
  }
  if (redeem <= 0n) return 'A redemption needs at least one unit.';
  if (redeem > request.heldUnits) return 'The redemption is larger than the units held.';
  if (redeem > units) return 'The redemption is larger than the units in issue.';
  const payoutCents =
    request.kind === 'amount' ? request.amountCents : mulDiv(redeem, navCents, units, 'floor');
  return { units: redeem, payoutCents };
}

/**
 * Strikes the NAV at `time`: the management fee accrues for the time since the last valuation
 * (annual bps × elapsed ms ÷ one year, on the NAV before it; the part under a cent is carried
 * forward, so frequent valuations neither lose nor invent fees). When `settleFees` is set (the
 * step sets it at the first valuation of each UTC day) the fees owed are paid to the platform from
 * cash, as far as cash allows, so the ledger gets one fee journal a day rather than one a minute.
 * Then waiting investments become units and waiting redemptions are paid, all at the NAV per unit
 * just struck. Units issued round down and payouts round down, so neither creates value.
 * Redemptions are paid in the order asked while cash lasts; those that do not fit wait, and the
 * valuation returns sells of every position pro rata (with a 2% margin for price moves and costs)
 * to raise the shortfall by the next valuation.
 */
export function strikeValuation(
  fund: FundState,
  prices: CoinPrices,
  time: number,
  managementFeeBps: number,
  settleFees: boolean,
  fundId: string,
  pairOfCoin: Readonly<Record<string, string>>,
): ValuationResult {
  const movements: Movement[] = [];
  let feeAccruedCents = 0n;
  let accruedFeesCents = fund.accruedFeesCents;
  let feeRemainder = fund.feeRemainder;
  let cashCents = fund.cashCents;
  // Fees never change the positions, so their value is computed once.
  const positionsCents = positionsValueCents(fund, prices);
  const last = fund.lastValuationTime;
  if (last !== null && time > last && managementFeeBps > 0) {
    const gross = positionsCents + cashCents - accruedFeesCents;
    // bps × elapsed ms stays far below 2^53 (10,000 × a century in ms ≈ 3.2 × 10^16 is the edge).
    const numerator = (gross > 0n ? gross : 0n) * BigInt(managementFeeBps * (time - last)) + feeRemainder;
    feeAccruedCents = numerator / feeDenominator;
    feeRemainder = numerator % feeDenominator;
    accruedFeesCents += feeAccruedCents;
  }
  if (settleFees) {
    const paid = minBig(accruedFeesCents, cashCents);
    if (paid > 0n) {
      movements.push(...managementFeeMovements(`${fundId}-fee-${time}`, paid));
      accruedFeesCents -= paid;
      cashCents -= paid;
    }
  }
  const gross = positionsCents + cashCents - accruedFeesCents;
  const navCents = gross > 0n ? gross : 0n;
  const valuation: Valuation = {
    time,
    positionsCents,
    cashCents,
    accruedFeesCents,
    navCents,
    unitsOutstanding: fund.unitsOutstanding,
    navPerUnit8: navPerUnit(navCents, fund.unitsOutstanding),
  };
  let books: FundState = {
    cashCents,
    positions: fund.positions,
    unitsOutstanding: fund.unitsOutstanding,
    accruedFeesCents,
    feeRemainder,
    highWaterNavPerUnit8: maxBig(valuation.navPerUnit8, fund.highWaterNavPerUnit8),
    lastValuationTime: time,
    pendingInvestments: fund.pendingInvestments,
    pendingRedemptions: fund.pendingRedemptions,
  };
  if (books.pendingInvestments.length === 0 && books.pendingRedemptions.length === 0) {
    return {
      fund: books,
      valuation,
      issued: none,
      redeemed: none,
      refused: none,
      feeAccruedCents,
      movements,
      redemptionSells: none,
      awaitingPayoutCents: 0n,
    };
  }

  // Every request of this valuation is priced at the same ratio: the NAV and units just struck.
  const { unitsOutstanding } = valuation;
  const issued: UnitIssue[] = [];
  const redeemed: UnitRedemption[] = [];
  const refused: RefusedRequest[] = [];
  let cash = books.cashCents;
  let units = books.unitsOutstanding;
  for (const investment of books.pendingInvestments) {
    let newUnits: bigint;
    if (unitsOutstanding === 0n) newUnits = investment.amountCents * unitsPerCentAtPar;
    else if (navCents === 0n) {
      refused.push({
        id: investment.id,
        investorId: investment.investorId,
        reason: 'The fund has no value, so no unit can be priced.',
      });
      continue;
    } else newUnits = mulDiv(investment.amountCents, unitsOutstanding, navCents, 'floor');
    if (newUnits <= 0n) {
      refused.push({
        id: investment.id,
        investorId: investment.investorId,
        reason: 'The amount is too small to buy one unit.',
      });
      continue;
    }
    issued.push({
      id: investment.id,
      investorId: investment.investorId,
      amountCents: investment.amountCents,
      units: newUnits,
    });
    movements.push(...issueMovements({ ...investment, id: investment.id, units: newUnits }));
    cash += investment.amountCents;
    units += newUnits;
  }
  const waiting: PendingRedemption[] = [];
  let shortfall = 0n;
  for (const redemption of books.pendingRedemptions) {
    const priced = unitsToRedeem(redemption.request, navCents, unitsOutstanding);
    if (typeof priced === 'string') {
      refused.push({ id: redemption.id, investorId: redemption.investorId, reason: priced });
      continue;
    }
    if (waiting.length > 0 || priced.payoutCents > cash) {
      waiting.push(redemption);
      shortfall += priced.payoutCents;
      continue;
    }
    redeemed.push({ id: redemption.id, investorId: redemption.investorId, ...priced });
    movements.push(
      ...redemptionMovements({ id: redemption.id, investorId: redemption.investorId, ...priced }),
    );
    cash -= priced.payoutCents;
    units -= priced.units;
  }
  books = {
    ...books,
    cashCents: cash,
    unitsOutstanding: units,
    pendingInvestments: [],
    pendingRedemptions: waiting,
  };
  const redemptionSells: Intent[] = [];
  const needed = shortfall - cash;
  if (needed > 0n && valuation.positionsCents > 0n) {
    const target = divide(needed * 102n, 100n, 'ceil');
    for (const coin of Object.keys(books.positions).sort()) {
      const position = books.positions[coin];
      const mark = prices[coin];
      const pair = pairOfCoin[coin];
      if (position === undefined || mark === undefined || pair === undefined) continue;
      const value = notionalCents(position.quantity, mark.price8, 'floor');
      const share = mulDiv(target, value, valuation.positionsCents, 'ceil');
      redemptionSells.push({
        pair,
        side: 'sell',
        size: share >= value ? { kind: 'close' } : { kind: 'usd', cents: share },
        reason: 'redemption',
      });
    }
  }
  return {
    fund: books,
    valuation,
    issued,
    redeemed,
    refused,
    feeAccruedCents,
    movements,
    redemptionSells,
    awaitingPayoutCents: shortfall,
  };
}
