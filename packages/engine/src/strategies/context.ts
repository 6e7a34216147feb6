import type { Candle } from '../candles';
import type { CoinPrices, FundState } from '../fund';
import type { Intent } from '../orders';

/** What a strategy sees at a step: the candles that just closed and the fund as it stands. */
export interface StrategyContext {
  /** The open time of the candles that just closed, ms. */
  readonly time: number;
  /** The candle of each pair that just closed; a pair missing from it had no new candle. */
  readonly candles: Readonly<Record<string, Candle>>;
  /** The last close of every coin, by coin code. */
  readonly prices: CoinPrices;
  readonly fund: FundState;
  /** NAV at the last close, cents. */
  readonly navCents: bigint;
}

/** A strategy's next state and what it wants to trade. */
export interface StrategyOutput<State> {
  readonly state: State;
  readonly intents: Intent[];
}

/**
 * A candle on which a backtest hopes nothing trades, as a strategy's lane sees it: plain numbers that
 * are exact integers (checked by the caller), in the strategy's pair order, reused from one candle to
 * the next so a quiet candle allocates nothing.
 */
export interface QuietCandle {
  /** The open time of the candles, ms. */
  time: number;
  /** Each pair's close, price8. */
  readonly closes: bigint[];
  /** The same closes as numbers (every one a safe integer). */
  readonly closeNumbers: Float64Array;
  /** Each pair's coin held, valued at the close in cents rounded down (0 when none is held). */
  readonly values: Float64Array;
  /** Whether the fund holds each pair's coin. */
  readonly held: boolean[];
  /** NAV at the close, cents (the strategy's sizing NAV: no request is waiting on a quiet candle). */
  navCents: number;
}

/**
 * A strategy's state kept in mutable form across quiet candles. `advance` moves it over one candle
 * exactly as the strategy's step would, when the strategy wants no trade on it; when it would want
 * one, `advance` returns false and changes nothing, and the caller runs the full step instead.
 */
export interface StrategyLane<State> {
  advance(candle: QuietCandle): boolean;
  /** The state as the strategy's own step would have left it. */
  state(): State;
}
