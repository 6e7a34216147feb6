/*
 * One step of a fund: what happens when a candle closes. Live paper trading calls it once per closed
 * candle (the server reads candles and writes orders, fills and journals); a backtest calls it for
 * every candle of the past. Same inputs, same outputs: the step reads no clock and draws no random
 * number, and its state is plain data the server stores between calls.
 *
 * In order: (1) the orders placed at the last step fill against this candle (sells first, so their
 * cash can pay for buys); (2) the last prices become this candle's closes; (3) the NAV is struck:
 * management fee, then waiting investments and redemptions at the new NAV per unit; (4) the
 * fund-wide risk rules are assessed; (5) the strategy sees the closed candle; (6) the risk engine
 * turns its intents (and any sells redemptions need) into orders, which fill at the next step.
 */
import { baseOf } from './assets';
import { type Candle, timeframes, utcDayStart } from './candles';
import { type ExecutionCosts, fillAt, fillMarketOrder, fillOnCandle } from './fill';
import {
  applyFill,
  type CoinPrices,
  emptyFund,
  type FundState,
  type RefusedRequest,
  type RoundTrip,
  strikeValuation,
  type UnitIssue,
  type UnitRedemption,
  type Valuation,
} from './fund';
import { fillMovements, type Movement } from './ledger';
import { bpsDenominator, mulDiv, quantityForCents } from './money';
import type { Fill, Order } from './orders';
import {
  assessFund,
  buyCostCents,
  checkIntents,
  initialRiskState,
  type KillSwitches,
  type MarketRules,
  type RiskEvent,
  type RiskLimits,
  type RiskState,
  toStep,
} from './risk';
import {
  initialStrategyState,
  pairsByCoin,
  runStrategy,
  type StrategyConfig,
  type StrategyState,
} from './strategy';

/** Everything that defines a fund's trading. */
export interface FundConfig {
  /** The fund's id: the prefix of its orders' client ids. */
  readonly id: string;
  readonly strategy: StrategyConfig;
  readonly risk: RiskLimits;
  readonly costs: ExecutionCosts;
  /** Annual management fee, basis points of NAV. */
  readonly managementFeeBps: number;
  /** The exchange's rules for each pair the strategy trades. */
  readonly markets: Readonly<Record<string, MarketRules>>;
}

/** A fund's whole engine state between steps, as plain data. */
export interface EngineState {
  readonly fund: FundState;
  readonly strategy: StrategyState;
  readonly risk: RiskState;
  /** Orders placed and not yet filled. */
  readonly openOrders: readonly Order[];
  /** The last close of each coin and the time that close was known (the candle's close time). */
  readonly prices: CoinPrices;
  /** Orders placed so far; the next client id continues from it. */
  readonly sequence: number;
}

/** A new fund's engine state, with optional opening books (a backtest starts with cash and units). */
export function initialEngineState(config: FundConfig, fund: FundState = emptyFund()): EngineState {
  return {
    fund,
    strategy: initialStrategyState(config.strategy),
    risk: initialRiskState,
    openOrders: [],
    prices: {},
    sequence: 0,
  };
}

export interface StepInput {
  readonly config: FundConfig;
  readonly state: EngineState;
  /** The candle of each pair that just closed; all share one open time. */
  readonly candles: Readonly<Record<string, Candle>>;
  /** The caller's clock, ms: only the stale-data rule reads it. */
  readonly now: number;
  /** @default both off */
  readonly killSwitches?: KillSwitches;
  /**
   * Last trade prices by pair, when the caller has them (live): open market orders fill at them
   * instead of the candle's open, and new orders are checked against them.
   */
  readonly lastTradePrices?: Readonly<Record<string, bigint>>;
}

export interface StepResult {
  readonly state: EngineState;
  /** Orders placed at this step; they fill at the next one. */
  readonly orders: readonly Order[];
  /** Fills of earlier orders at this step. */
  readonly fills: readonly Fill[];
  readonly riskEvents: readonly RiskEvent[];
  /** Every ledger movement of the step: fills, management fee, issues and redemptions. */
  readonly movements: readonly Movement[];
  /** The NAV struck at this step's close, before the requests it priced. */
  readonly valuation: Valuation;
  readonly issued: readonly UnitIssue[];
  readonly redeemed: readonly UnitRedemption[];
  readonly refused: readonly RefusedRequest[];
  /** Positions closed to zero at this step. */
  readonly roundTrips: readonly RoundTrip[];
  /** Set while the fund is paused by the drawdown circuit breaker. */
  readonly pause: { readonly reason: string; readonly since: number } | null;
}

const noKillSwitch: KillSwitches = { fund: false, global: false };

/** The buy an order can still afford with `cash`: the same order with fewer whole steps, or null. */
function affordable(
  fill: Fill,
  order: Order,
  cash: bigint,
  market: MarketRules | undefined,
  feeBps: number,
): Fill | null {
  const step = market !== undefined && market.quantityStep > 0n ? market.quantityStep : 1n;
  let quantity = toStep(
    mulDiv(quantityForCents(cash, fill.price8), bpsDenominator, bpsDenominator + BigInt(feeBps), 'floor'),
    step,
  );
  while (quantity > 0n && buyCostCents(quantity, fill.price8, feeBps) > cash) quantity -= step;
  if (quantity <= 0n || (market !== undefined && quantity < market.minQuantity)) return null;
  return fillAt(order, quantity, fill.price8, feeBps, fill.liquidity, fill.time);
}

/** What filling the open orders did. */
interface FillPhase {
  readonly fund: FundState;
  readonly fills: Fill[];
  readonly movements: Movement[];
  readonly riskEvents: RiskEvent[];
  readonly roundTrips: RoundTrip[];
  readonly stillOpen: Order[];
}

/** The open orders against this step's candles (sells first, so their cash can pay for buys), or cancelled by a kill switch. */
function fillOpenOrders(
  input: StepInput,
  books: FundState,
  closeTime: number,
  killSwitches: KillSwitches,
): FillPhase {
  const { config, state, candles } = input;
  const riskEvents: RiskEvent[] = [];
  const movements: Movement[] = [];
  const fills: Fill[] = [];
  const roundTrips: RoundTrip[] = [];
  let fund = books;
  const stillOpen: Order[] = [];
  const openOrders =
    state.openOrders.length < 2
      ? state.openOrders
      : [...state.openOrders].sort((a, b) => (a.side === b.side ? 0 : a.side === 'sell' ? -1 : 1));
  for (const order of openOrders) {
    if (killSwitches.global || killSwitches.fund) {
      riskEvents.push({
        rule: 'kill-switch',
        action: 'cancelled',
        reason: 'An open order was cancelled because a kill switch is on.',
        detail: { clientId: order.clientId, pair: order.pair },
        time: closeTime,
      });
      continue;
    }
    const candle = candles[order.pair];
    if (candle === undefined) {
      stillOpen.push(order);
      continue;
    }
    const lastTrade = input.lastTradePrices?.[order.pair];
    let fill =
      order.type === 'market' && lastTrade !== undefined
        ? fillMarketOrder(order, lastTrade, closeTime, config.costs)
        : fillOnCandle(order, candle, config.costs);
    if (fill === null) {
      stillOpen.push(order);
      continue;
    }
    if (fill.side === 'sell') {
      // A sell never exceeds the holding, even if another order sold part of it first.
      const held = fund.positions[baseOf(fill.pair)]?.quantity ?? 0n;
      if (held < fill.quantity) {
        fill =
          held > 0n
            ? fillAt(
                order,
                held,
                fill.price8,
                order.type === 'market' ? config.costs.takerFeeBps : config.costs.makerFeeBps,
                fill.liquidity,
                fill.time,
              )
            : null;
      }
    } else if (fill.notionalCents + fill.feeCents > fund.cashCents) {
      // The price moved since the order was checked: buy what the cash pays for, or nothing.
      const feeBps = fill.liquidity === 'taker' ? config.costs.takerFeeBps : config.costs.makerFeeBps;
      fill = affordable(fill, order, fund.cashCents, config.markets[order.pair], feeBps);
      riskEvents.push({
        rule: 'cash',
        action: fill === null ? 'cancelled' : 'reduced',
        reason:
          fill === null
            ? `The buy of ${order.pair} was cancelled: the price rose and the cash no longer pays for it.`
            : `The buy of ${order.pair} was reduced: the price rose and the cash pays for less.`,
        detail: { clientId: order.clientId, pair: order.pair },
        time: closeTime,
      });
    }
    if (fill === null) continue;
    const applied = applyFill(fund, fill);
    fund = applied.fund;
    if (applied.roundTrip !== null) roundTrips.push(applied.roundTrip);
    fills.push(fill);
    movements.push(...fillMovements(fill));
  }

  return { fund, fills, movements, riskEvents, roundTrips, stillOpen };
}

/** The lists joined, without copying when at most one has anything in it. */
function joined<T>(...lists: ReadonlyArray<readonly T[] | undefined>): readonly T[] {
  let found: readonly T[] | undefined;
  let count = 0;
  for (const list of lists) {
    if (list === undefined || list.length === 0) continue;
    found = list;
    count++;
  }
  if (count <= 1) return found ?? none;
  const all: T[] = [];
  for (const list of lists) if (list !== undefined) all.push(...list);
  return all;
}

const none: readonly never[] = Object.freeze([]);

/** One step of a fund on newly closed candles. Pure: the input is not changed. */
export function step(input: StepInput): StepResult {
  const { config, state, candles } = input;
  const killSwitches = input.killSwitches ?? noKillSwitch;
  let time = Number.NEGATIVE_INFINITY;
  for (const pair in candles) time = Math.max(time, candles[pair]?.time ?? time);
  if (!Number.isFinite(time)) throw new RangeError('A step needs at least one candle');
  const closeTime = time + timeframes[config.strategy.timeframe];
  // (1) Orders placed at the last step fill on this candle; a kill switch cancels them instead.
  const filled =
    state.openOrders.length === 0 ? null : fillOpenOrders(input, state.fund, closeTime, killSwitches);
  let fund = filled === null ? state.fund : filled.fund;

  // (2) The last prices become this candle's closes, known at its close time.
  const prices: Record<string, { price8: bigint; time: number }> = { ...state.prices };
  for (const pair in candles) {
    const candle = candles[pair];
    if (candle !== undefined)
      prices[baseOf(pair)] = {
        price8: candle.close,
        time: candle.time + timeframes[config.strategy.timeframe],
      };
  }

  // (3) The NAV at this close; fees owed are paid to the platform at the first valuation of a UTC day.
  const coins = pairsByCoin(config.strategy);
  const last = fund.lastValuationTime;
  const settleFees = last === null || utcDayStart(last) !== utcDayStart(closeTime);
  const struck = strikeValuation(
    fund,
    prices,
    closeTime,
    config.managementFeeBps,
    settleFees,
    config.id,
    coins,
  );
  fund = struck.fund;

  // (4) Fund-wide rules.
  const assessed = assessFund(
    state.risk,
    config.risk,
    struck.valuation.navPerUnit8,
    fund.highWaterNavPerUnit8,
    closeTime,
    utcDayStart(closeTime),
  );

  // (5) The strategy always sees the candle, so its indicators stay current while the fund is paused.
  // It sizes on NAV after this valuation's requests, less what waiting redemptions will take.
  let strategyNav = struck.valuation.navCents - struck.awaitingPayoutCents;
  if (struck.issued.length > 0 || struck.redeemed.length > 0) {
    strategyNav += sumIssued(struck.issued) - sumRedeemed(struck.redeemed);
  }
  const navCents = strategyNav > 0n ? strategyNav : 0n;
  const strategy = runStrategy(config.strategy, state.strategy, { time, candles, prices, fund, navCents });

  // (6) The risk engine decides what becomes an order.
  const intents =
    struck.redemptionSells.length === 0 ? strategy.intents : [...struck.redemptionSells, ...strategy.intents];
  const checked =
    intents.length === 0
      ? { orders: none, events: none, state: assessed.state, sequence: state.sequence }
      : checkIntents({
          intents,
          limits: config.risk,
          markets: config.markets,
          fund,
          navCents,
          prices,
          ...(input.lastTradePrices === undefined ? {} : { referencePrices: input.lastTradePrices }),
          state: assessed.state,
          reservedCashCents: struck.awaitingPayoutCents,
          killSwitches,
          costs: config.costs,
          now: input.now,
          time: closeTime,
          fundId: config.id,
          sequence: state.sequence,
        });

  return {
    state: {
      fund,
      strategy: strategy.state,
      risk: checked.state,
      openOrders: joined(filled?.stillOpen, checked.orders),
      prices,
      sequence: checked.sequence,
    },
    orders: checked.orders,
    fills: filled?.fills ?? none,
    riskEvents: joined(filled?.riskEvents, assessed.events, checked.events),
    movements: joined(filled?.movements, struck.movements),
    valuation: struck.valuation,
    issued: struck.issued,
    redeemed: struck.redeemed,
    refused: struck.refused,
    roundTrips: filled?.roundTrips ?? none,
    pause: checked.state.paused,
  };
}

function sumIssued(issued: readonly UnitIssue[]): bigint {
  let total = 0n;
  for (const issue of issued) total += issue.amountCents;
  return total;
}

function sumRedeemed(redeemed: readonly UnitRedemption[]): bigint {
  let total = 0n;
  for (const redemption of redeemed) total += redemption.payoutCents;
  return total;
}

/** A request to invest, queued for the next valuation. */
export function requestInvestment(
  state: EngineState,
  investment: { id: string; investorId: string; amountCents: bigint; requestedAt: number },
): EngineState {
  return {
    ...state,
    fund: { ...state.fund, pendingInvestments: [...state.fund.pendingInvestments, investment] },
  };
}

/** A request to redeem, queued for the next valuation. */
export function requestRedemption(
  state: EngineState,
  redemption: FundState['pendingRedemptions'][number],
): EngineState {
  return {
    ...state,
    fund: { ...state.fund, pendingRedemptions: [...state.fund.pendingRedemptions, redemption] },
  };
}

/** A paused fund resumed by a person. */
export function resumeFund(state: EngineState): EngineState {
  return { ...state, risk: { ...state.risk, paused: null } };
}
