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
