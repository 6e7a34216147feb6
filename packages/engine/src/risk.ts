/*
 * The risk engine: apart from the strategies, it checks every intent before it becomes an order, and
 * the fund as a whole at every valuation. It returns the orders it allows (sized to whole quantity
 * steps, possibly reduced) and one event per refusal or reduction, in plain English.
 *
 * Which rules stop which orders:
 * - A kill switch (the fund's or the platform's) stops every order, sells included: it means "stop
 *   trading now", and a person decides what to sell.
 * - A paused fund (drawdown circuit breaker) opens nothing: no buy and no rebalancing or scheduled
 *   trade. Exits of positions it holds (stop-loss, take-profit, trailing stop, time limit) and sells
 *   that raise cash for redemptions still go through, so losses can be cut and investors can leave.
 *   A person resumes it.
 * - The daily loss limit refuses buys for the rest of the UTC day; the stop-loss cooldown refuses
 *   entries. Sells (stop-losses, exits, rebalancing sells) stay allowed: they only reduce risk.
 * - Stale data and the price band refuse buys and sells alike: without a trustworthy price no order
 *   can be sized or checked.
 */
import { pairBase } from './assets';
import { asRecord, ConfigReader, type Validated } from './config';
import { type ExecutionCosts, slippedPrice } from './fill';
import type { CoinPrices, FundState } from './fund';
import {
  applyBps,
  bpsDenominator,
  divide,
  mulDiv,
  notionalCents,
  percentToBps,
  quantityForCents,
} from './money';
import type { Intent, Order } from './orders';

/** A fund's risk limits; null switches a rule off. Percentages may have two decimals. */
export interface RiskLimits {
  /** The largest share of NAV one coin may reach after a buy, percent. */
  readonly maxAssetSharePct: number;
  /** How many coins the fund may hold at once. */
  readonly maxOpenPositions: number;
  /** The fall of NAV per unit from the day's first valuation (UTC) that stops buying for the rest of the day, percent. */
  readonly dailyLossLimitPct: number | null;
  /** The fall of NAV per unit from its highest that pauses the fund, percent. */
  readonly maxDrawdownPct: number | null;
  /** After this many stop-losses in a row, no entries for `candles` candles. */
  readonly stopLossCooldown: { readonly afterConsecutive: number; readonly candles: number } | null;
  /** The oldest a last price may be when an order is placed, ms. */
  readonly maxDataAgeMs: number | null;
  /** How far an order's price may be from the last close, percent. */
  readonly priceBandPct: number | null;
}

/** An exchange's rules for one pair. */
export interface MarketRules {
  /** The smallest quantity an order may have, scale 8. */
  readonly minQuantity: bigint;
  /** The smallest value an order may have, cents. */
  readonly minNotionalCents: bigint;
  /** Quantities are whole multiples of this, scale 8. */
  readonly quantityStep: bigint;
  /** Limit prices are whole multiples of this, price8. */
  readonly priceTick: bigint;
}

/** What the risk engine remembers between steps, as plain data. */
export interface RiskState {
  /** The UTC day of the last valuation, ms; null before the first. */
  readonly dayStart: number | null;
  /** NAV per unit at the day's first valuation, price8. */
  readonly dayStartNavPerUnit8: bigint;
  /** Whether the daily loss limit has been reached today. */
  readonly dailyLossHit: boolean;
  readonly consecutiveStopLosses: number;
  /** Candles left in a stop-loss cooldown. */
  readonly cooldownCandlesLeft: number;
  /** Set by the drawdown circuit breaker; only a person clears it (`resumeFund`). */
  readonly paused: { readonly reason: string; readonly since: number } | null;
}

/** The risk state of a new fund. */
export const initialRiskState: RiskState = {
  dayStart: null,
  dayStartNavPerUnit8: 0n,
  dailyLossHit: false,
  consecutiveStopLosses: 0,
  cooldownCandlesLeft: 0,
  paused: null,
};

/** The rule behind a risk event. */
export type RiskRule =
  | 'kill-switch'
  | 'paused'
  | 'drawdown'
  | 'daily-loss'
  | 'cooldown'
  | 'stale-data'
  | 'price-band'
  | 'max-asset-share'
  | 'max-open-positions'
  | 'min-quantity'
  | 'min-notional'
  | 'cash'
  | 'position'
  | 'market';

/** A refusal, a reduction or a fund-wide decision of the risk engine. */
export interface RiskEvent {
  readonly rule: RiskRule;
  readonly action: 'refused' | 'reduced' | 'paused' | 'triggered' | 'cancelled';
  /** One plain English sentence. */
  readonly reason: string;
  readonly detail: Readonly<Record<string, string | number | bigint | boolean | null>>;
  readonly time: number;
}

/** Kill switches: the fund's own and the platform's. */
export interface KillSwitches {
  readonly fund: boolean;
  readonly global: boolean;
}

/** A percentage in basis points as text: 4000 → "40%", 1250 → "12.5%". */
function pctText(bps: bigint): string {
  const whole = bps / 100n;
  const rest = bps % 100n;
  if (rest === 0n) return `${whole}%`;
  return `${whole}.${rest.toString().padStart(2, '0').replace(/0$/, '')}%`;
}

/** `value` is at or below `reference` less `bps`: value × 10,000 ≤ reference × (10,000 − bps). */
function fallenBy(value: bigint, reference: bigint, bps: bigint): boolean {
  return value * bpsDenominator <= reference * (bpsDenominator - bps);
}

/**
 * The highest value that has fallen by `bps` from `reference` (the `fallenBy` rule read the other way,
 * as a threshold worked out once): value × 10,000 ≤ reference × (10,000 − bps) exactly when
 * value ≤ floor(reference × (10,000 − bps) ÷ 10,000).
 */
export function fallenThreshold(reference: bigint, bps: bigint): bigint {
  return divide(reference * (bpsDenominator - bps), bpsDenominator, 'floor');
}

const limitBpsCache = new WeakMap<RiskLimits, { dailyLoss: bigint; drawdown: bigint }>();

/** The fund-wide limits in basis points, worked out once per limits object (they are read at every step). */
export function limitBps(limits: RiskLimits): { dailyLoss: bigint; drawdown: bigint } {
  let bps = limitBpsCache.get(limits);
  if (bps === undefined) {
    bps = {
      dailyLoss: percentToBps(limits.dailyLossLimitPct ?? 0),
      drawdown: percentToBps(limits.maxDrawdownPct ?? 0),
    };
    limitBpsCache.set(limits, bps);
  }
  return bps;
}

/**
 * The fund-wide rules at a valuation (`time` is the close of the candle just valued): a new UTC day
 * resets the daily loss reference; a fall of NAV per unit past the daily limit stops buys for the
 * rest of the day; a fall from the high-water NAV per unit past the drawdown limit pauses the fund.
 * NAV per unit is used (not NAV) so investments and redemptions move neither figure.
 */
export function assessFund(
  state: RiskState,
  limits: RiskLimits,
  navPerUnit8: bigint,
  highWaterNavPerUnit8: bigint,
  time: number,
  dayStart: number,
): { state: RiskState; events: RiskEvent[] } {
  let next = state;
  const events: RiskEvent[] = [];
  if (next.dayStart !== dayStart) {
    next = { ...next, dayStart, dayStartNavPerUnit8: navPerUnit8, dailyLossHit: false };
  }
  if (next.cooldownCandlesLeft > 0) next = { ...next, cooldownCandlesLeft: next.cooldownCandlesLeft - 1 };
  if (limits.dailyLossLimitPct !== null && !next.dailyLossHit) {
    const bps = limitBps(limits).dailyLoss;
    if (fallenBy(navPerUnit8, next.dayStartNavPerUnit8, bps)) {
      next = { ...next, dailyLossHit: true };
      events.push({
        rule: 'daily-loss',
        action: 'triggered',
        reason: `NAV fell ${pctText(bps)} or more since the start of the day, so no buys until the next UTC day.`,
        detail: { navPerUnit8, dayStartNavPerUnit8: next.dayStartNavPerUnit8 },
        time,
      });
    }
  }
  if (limits.maxDrawdownPct !== null && next.paused === null) {
    const bps = limitBps(limits).drawdown;
    if (fallenBy(navPerUnit8, highWaterNavPerUnit8, bps)) {
      const reason = `NAV per unit fell ${pctText(bps)} or more from its highest, so the fund is paused until a person resumes it.`;
      next = { ...next, paused: { reason, since: time } };
      events.push({
        rule: 'drawdown',
        action: 'paused',
        reason,
        detail: { navPerUnit8, highWaterNavPerUnit8 },
        time,
      });
    }
  }
  return { state: next, events };
}

/** What `checkIntents` needs to know. */
export interface RiskCheckInput {
  readonly intents: readonly Intent[];
  readonly limits: RiskLimits;
  readonly markets: Readonly<Record<string, MarketRules>>;
  readonly fund: FundState;
  readonly navCents: bigint;
  /** Last closes by coin, with their close times. */
  readonly prices: CoinPrices;
  /** Last trade prices by pair, when the caller has them; otherwise the last close is the reference. */
  readonly referencePrices?: Readonly<Record<string, bigint>>;
  readonly state: RiskState;
  readonly killSwitches: KillSwitches;
  readonly costs: ExecutionCosts;
  /** The caller's clock, ms. */
  readonly now: number;
  /** The close time of the candle being acted on: orders are placed at it. */
  readonly time: number;
  /** Cash set aside for redemptions waiting to be paid: buys may not spend it, cents. @default 0 */
  readonly reservedCashCents?: bigint;
  /** Prefix of client ids (the fund's id). */
  readonly fundId: string;
  /** Orders placed so far by the fund; client ids continue from it. */
  readonly sequence: number;
}

/** What the risk engine allows. */
export interface RiskCheckResult {
  readonly orders: readonly Order[];
  readonly events: readonly RiskEvent[];
  readonly state: RiskState;
  readonly sequence: number;
}

/**
 * The least quantity the exchange takes at `reference`: its minimum quantity and its minimum value,
 * each rounded up to a whole number of steps.
 */
function leastOrder(
  market: { minQuantity: bigint; minNotionalCents: bigint },
  reference: bigint,
  step: bigint,
): bigint {
  const stepUp = (quantity: bigint) =>
    quantity % step === 0n ? quantity : quantity - (quantity % step) + step;
  let least = stepUp(market.minQuantity > step ? market.minQuantity : step);
  if (reference > 0n) {
    let byValue = stepUp(quantityForCents(market.minNotionalCents, reference));
    // quantityForCents rounds down: step up until the notional, rounded down as the check rounds it, reaches the minimum.
    while (notionalCents(byValue, reference, 'floor') < market.minNotionalCents) byValue += step;
    if (byValue > least) least = byValue;
  }
  return least;
}

/** The largest quantity at or below `quantity` that is a whole number of steps. */
export function toStep(quantity: bigint, step: bigint): bigint {
  if (step <= 1n) return quantity;
  return quantity - (quantity % step);
}

/** What a buy of `quantity` costs at the reference price with slippage, fee included, rounded up. */
export function buyCostCents(quantity: bigint, slipped8: bigint, feeBps: number): bigint {
  const notional = notionalCents(quantity, slipped8, 'ceil');
  return notional + applyBps(notional, BigInt(feeBps), 'ceil');
}

/** What a sell of `quantity` brings in at the reference price with slippage, fee taken off, rounded down. */
function sellProceedsCents(quantity: bigint, slipped8: bigint, feeBps: number): bigint {
  const notional = notionalCents(quantity, slipped8, 'floor');
  return notional - applyBps(notional, BigInt(feeBps), 'ceil');
}

/** The sells a paused fund still makes: exits that cut risk, and raising cash for redemptions. */
const exitsWhilePaused: ReadonlySet<Intent['reason']> = new Set([
  'stop-loss',
  'take-profit',
  'trailing-stop',
  'time-limit',
  'redemption',
]);

const sellsFirst = (a: Intent, b: Intent): number => (a.side === b.side ? 0 : a.side === 'sell' ? -1 : 1);

/**
 * Checks each intent (sells first, so their expected proceeds can pay for the buys of the same step)
 * and turns the ones allowed into market or limit orders. Quantities round down to the market's step;
 * a limit price rounds to the tick in the fund's favour (a buy's down, a sell's up).
 */
export function checkIntents(input: RiskCheckInput): RiskCheckResult {
  if (input.intents.length === 0) {
    return { orders: [], events: [], state: input.state, sequence: input.sequence };
  }
  const { limits, markets, fund, navCents, prices, costs, time, now } = input;
  const orders: Order[] = [];
  const events: RiskEvent[] = [];
  let state = input.state;
  let sequence = input.sequence;
  // Cash the batch may still spend: the fund's cash less fees owed and cash set aside for
  // redemptions, plus the proceeds of the sells allowed (but not of sells made to pay redemptions).
  let cash = fund.cashCents - fund.accruedFeesCents - (input.reservedCashCents ?? 0n);
  const bought = new Map<string, bigint>();
  const sold = new Map<string, bigint>();
  let openPositions = 0;
  for (const coin in fund.positions) if ((fund.positions[coin]?.quantity ?? 0n) > 0n) openPositions++;

  const intents = [...input.intents].sort(sellsFirst);
  for (const intent of intents) {
    const { pair, side } = intent;
    const detail = { pair, side, intent: intent.reason };
    const refuse = (rule: RiskRule, reason: string, extra: RiskEvent['detail'] = {}) => {
      events.push({ rule, action: 'refused', reason, detail: { ...detail, ...extra }, time });
    };
    if (input.killSwitches.global || input.killSwitches.fund) {
      const whose = input.killSwitches.global ? "the platform's" : "the fund's";
      refuse('kill-switch', `No order while ${whose} kill switch is on.`);
      continue;
    }
    if (state.paused !== null && !(side === 'sell' && exitsWhilePaused.has(intent.reason))) {
      refuse('paused', `No order while the fund is paused: ${state.paused.reason}`);
      continue;
    }
    const coin = pairBase(pair);
    const market = markets[pair];
    if (coin === null || market === undefined) {
      refuse('market', `${pair} is not a market this fund trades.`);
      continue;
    }
    const mark = prices[coin];
    if (mark === undefined) {
      refuse('stale-data', `There is no price for ${pair} yet.`);
      continue;
    }
    if (limits.maxDataAgeMs !== null && now - mark.time > limits.maxDataAgeMs) {
      const ageSeconds = Math.floor((now - mark.time) / 1000);
      refuse(
        'stale-data',
        `The last price of ${pair} is ${ageSeconds} seconds old, older than the ${Math.floor(limits.maxDataAgeMs / 1000)} seconds allowed.`,
        { priceTime: mark.time, now },
      );
      continue;
    }
    let limitPrice8: bigint | null = null;
    if (intent.limitPrice8 !== undefined) {
      const tick = market.priceTick > 0n ? market.priceTick : 1n;
      const rounded =
        side === 'buy'
          ? intent.limitPrice8 - (intent.limitPrice8 % tick)
          : intent.limitPrice8 + ((tick - (intent.limitPrice8 % tick)) % tick);
      limitPrice8 = rounded;
    }
    const reference = limitPrice8 ?? input.referencePrices?.[pair] ?? mark.price8;
    if (limits.priceBandPct !== null) {
      const bps = percentToBps(limits.priceBandPct);
      const gap = reference > mark.price8 ? reference - mark.price8 : mark.price8 - reference;
      if (gap * bpsDenominator > mark.price8 * bps) {
        refuse('price-band', `The price of ${pair} is more than ${pctText(bps)} from the last close.`, {
          price8: reference,
          lastClose8: mark.price8,
        });
        continue;
      }
    }
    const executionPrice = limitPrice8 ?? slippedPrice(reference, side, costs.slippageBps);
    const feeBps = limitPrice8 === null ? costs.takerFeeBps : costs.makerFeeBps;
    const step = market.quantityStep > 0n ? market.quantityStep : 1n;
    let quantity: bigint;

    if (side === 'buy') {
      if (state.dailyLossHit) {
        refuse('daily-loss', 'No buys for the rest of the UTC day: the daily loss limit was reached.');
        continue;
      }
      if (state.cooldownCandlesLeft > 0 && intent.reason === 'entry') {
        refuse(
          'cooldown',
          `No new entries for ${state.cooldownCandlesLeft} more candles after consecutive stop-losses.`,
        );
        continue;
      }
      if (intent.size.kind === 'close') {
        refuse('position', `A buy of ${pair} needs an amount or a quantity.`);
        continue;
      }
      quantity =
        intent.size.kind === 'usd' ? quantityForCents(intent.size.cents, reference) : intent.size.quantity;
      const held = (fund.positions[coin]?.quantity ?? 0n) + (bought.get(coin) ?? 0n) - (sold.get(coin) ?? 0n);
      if (held <= 0n && openPositions >= limits.maxOpenPositions) {
        refuse('max-open-positions', `The fund already holds ${openPositions} coins, its most at once.`, {
          openPositions,
        });
        continue;
      }
      quantity = toStep(quantity, step);
      if (buyCostCents(quantity, executionPrice, feeBps) > cash) {
        let affordable = toStep(
          mulDiv(
            quantityForCents(cash > 0n ? cash : 0n, executionPrice),
            bpsDenominator,
            bpsDenominator + BigInt(feeBps),
            'floor',
          ),
          step,
        );
        while (affordable > 0n && buyCostCents(affordable, executionPrice, feeBps) > cash) affordable -= step;
        if (affordable <= 0n || affordable < market.minQuantity) {
          refuse('cash', `The fund has too little cash for the buy of ${pair}.`, { cashCents: cash });
          continue;
        }
        events.push({
          rule: 'cash',
          action: 'reduced',
          reason: `The buy of ${pair} was reduced to what the fund's cash pays for.`,
          detail: { ...detail, asked: quantity, allowed: affordable },
          time,
        });
        quantity = affordable;
      }
      // The share cap applies to NAV after the order's costs (fee and slippage), so the coin stays
      // within the share even though buying lowers NAV by those costs.
      const shareBps = percentToBps(limits.maxAssetSharePct);
      // At 100% or more the rule is off: without leverage no coin can be more than all of NAV.
      const costBps = BigInt(feeBps + (limitPrice8 === null ? costs.slippageBps : 0));
      const capCents = mulDiv(
        mulDiv(navCents, shareBps, bpsDenominator, 'floor'),
        bpsDenominator - costBps,
        bpsDenominator,
        'floor',
      );
      const heldValue = notionalCents(held > 0n ? held : 0n, reference, 'ceil');
      const room = capCents - heldValue;
      const roomQuantity = room > 0n ? toStep(quantityForCents(room, reference), step) : 0n;
      if (shareBps < bpsDenominator && quantity > roomQuantity) {
        if (roomQuantity <= 0n || roomQuantity < market.minQuantity) {
          refuse('max-asset-share', `${coin} would be more than ${pctText(shareBps)} of NAV.`, { capCents });
          continue;
        }
        events.push({
          rule: 'max-asset-share',
          action: 'reduced',
          reason: `The buy of ${pair} was reduced so ${coin} stays within ${pctText(shareBps)} of NAV.`,
          detail: { ...detail, asked: quantity, allowed: roomQuantity },
          time,
        });
        quantity = roomQuantity;
      }
    } else {
      const held = (fund.positions[coin]?.quantity ?? 0n) - (sold.get(coin) ?? 0n);
      if (held <= 0n) {
        refuse('position', `The fund holds no ${coin} to sell.`);
        continue;
      }
      const asked =
        intent.size.kind === 'close'
          ? held
          : intent.size.kind === 'usd'
            ? quantityForCents(intent.size.cents, reference)
            : intent.size.quantity;
      // A sell never exceeds the holding; what is left under one step stays as dust.
      quantity = toStep(asked < held ? asked : held, step);
      // A redemption's share of a coin can be smaller than the exchange takes: it is raised to the
      // least order the exchange accepts when the holding covers it (the cash beyond the payout stays
      // in the fund), or the redemption would wait on a sell refused at every step.
      if (intent.reason === 'redemption') {
        const least = leastOrder(market, reference, step);
        if (quantity < least && least <= held) quantity = least;
      }
    }

    if (quantity < market.minQuantity || quantity <= 0n) {
      refuse('min-quantity', `The order for ${pair} is below the exchange's minimum quantity.`, {
        quantity,
        minQuantity: market.minQuantity,
      });
      continue;
    }
    const notional = notionalCents(quantity, reference, 'floor');
    if (notional < market.minNotionalCents) {
      refuse('min-notional', `The order for ${pair} is below the exchange's minimum value.`, {
        notionalCents: notional,
        minNotionalCents: market.minNotionalCents,
      });
      continue;
    }

    sequence += 1;
    orders.push({
      clientId: `${input.fundId}-${time}-${sequence}`,
      pair,
      side,
      type: limitPrice8 === null ? 'market' : 'limit',
      quantity,
      limitPrice8,
      reason: intent.reason,
      placedAt: time,
    });
    if (side === 'buy') {
      const held = (fund.positions[coin]?.quantity ?? 0n) + (bought.get(coin) ?? 0n) - (sold.get(coin) ?? 0n);
      if (held <= 0n) openPositions++;
      bought.set(coin, (bought.get(coin) ?? 0n) + quantity);
      cash -= buyCostCents(quantity, executionPrice, feeBps);
    } else {
      sold.set(coin, (sold.get(coin) ?? 0n) + quantity);
      const left = (fund.positions[coin]?.quantity ?? 0n) - (sold.get(coin) ?? 0n);
      if (left <= 0n) openPositions--;
      if (intent.reason !== 'redemption') cash += sellProceedsCents(quantity, executionPrice, feeBps);
      state = countExit(state, limits, intent.reason, events, time);
    }
  }
  return { orders, events, state, sequence };
}

/**
 * Consecutive stop-losses: each stop-loss sell allowed counts one, any other exit (take-profit,
 * trailing stop, time limit) resets the count; reaching the limit starts the cooldown.
 */
function countExit(
  state: RiskState,
  limits: RiskLimits,
  reason: Intent['reason'],
  events: RiskEvent[],
  time: number,
): RiskState {
  if (reason === 'take-profit' || reason === 'trailing-stop' || reason === 'time-limit') {
    return state.consecutiveStopLosses === 0 ? state : { ...state, consecutiveStopLosses: 0 };
  }
  if (reason !== 'stop-loss' || limits.stopLossCooldown === null) return state;
  const count = state.consecutiveStopLosses + 1;
  const { afterConsecutive, candles } = limits.stopLossCooldown;
  if (count < afterConsecutive) return { ...state, consecutiveStopLosses: count };
  events.push({
    rule: 'cooldown',
    action: 'triggered',
    reason: `${count} stop-losses in a row: no new entries for ${candles} candles.`,
    detail: { consecutiveStopLosses: count, candles },
    time,
  });
  // The next steps count down before they check, so `candles + 1` refuses entries on exactly the next `candles` candles.
  return { ...state, consecutiveStopLosses: 0, cooldownCandlesLeft: candles + 1 };
}

/** A paused fund resumed by a person: the drawdown breaker re-arms from the current high-water mark. */
export function resumeRisk(state: RiskState): RiskState {
  return { ...state, paused: null };
}

/** Reads a fund's risk limits from JSON-like data; every problem is reported against its field. */
export function validateRiskLimits(input: unknown): Validated<RiskLimits> {
  const record = asRecord(input);
  if (record === null) return { ok: false, errors: [{ field: 'risk', msg: 'Risk limits are an object' }] };
  const read = new ConfigReader(record);
  const maxAssetSharePct = read.percent('maxAssetSharePct', 'The largest share of one coin', {
    above: 0,
    atMost: 100,
  });
  const maxOpenPositions = read.integer('maxOpenPositions', 'The number of positions', 1, 100);
  const below100 = { above: 0, atMost: 100, belowMax: true };
  const dailyLossLimitPct = read.optionalPercent('dailyLossLimitPct', 'The daily loss limit', below100);
  const maxDrawdownPct = read.optionalPercent('maxDrawdownPct', 'The drawdown limit', below100);
  const priceBandPct = read.optionalPercent('priceBandPct', 'The price band', { above: 0, atMost: 100 });
  const maxDataAgeMs = read.optionalInteger('maxDataAgeMs', 'The oldest price allowed', 1_000);
  let stopLossCooldown: RiskLimits['stopLossCooldown'] = null;
  const cooldown = record.stopLossCooldown;
  if (cooldown !== undefined && cooldown !== null) {
    const fields = asRecord(cooldown);
    if (fields === null)
      read.fail('stopLossCooldown', 'The cooldown is a number of stop-losses and of candles');
    else {
      const inner = new ConfigReader(fields, 'stopLossCooldown.');
      stopLossCooldown = {
        afterConsecutive: inner.integer('afterConsecutive', 'The number of stop-losses', 1, 100),
        candles: inner.integer('candles', 'The number of candles', 1),
      };
      read.errors.push(...inner.errors);
    }
  }
  return read.result({
    maxAssetSharePct,
    maxOpenPositions,
    dailyLossLimitPct,
    maxDrawdownPct,
    stopLossCooldown,
    maxDataAgeMs,
    priceBandPct,
  });
}
