/*
 * What a strategy wants (intents), what the risk engine lets through (orders) and what the market
 * gives back (fills). All plain data: the server stores each of them as they are.
 */

/** Which way an order trades the pair's coin. */
export type Side = 'buy' | 'sell';

/** Why an intent was made; exits that reduce risk keep their own reason so the risk engine can tell them apart. */
export type IntentReason =
  | 'entry'
  | 'stop-loss'
  | 'take-profit'
  | 'trailing-stop'
  | 'time-limit'
  | 'rebalance'
  | 'schedule'
  | 'redemption';

/** How much an intent trades: an amount of US dollars, a coin quantity, or the whole position. */
export type IntentSize =
  | { readonly kind: 'usd'; readonly cents: bigint }
  | { readonly kind: 'quantity'; readonly quantity: bigint }
  | { readonly kind: 'close' };

/** A strategy's wish to trade, before the risk engine has seen it. */
export interface Intent {
  readonly pair: string;
  readonly side: Side;
  readonly size: IntentSize;
  readonly reason: IntentReason;
  /** A limit price (price8) makes the order a limit order; without it the order is a market order. */
  readonly limitPrice8?: bigint;
}

/** An order the risk engine has allowed: a market order, or a limit order at `limitPrice8`. */
export interface Order {
  /** Deterministic id (`fund:time:n`), unique per fund; the server passes it to the exchange as the client id. */
  readonly clientId: string;
  readonly pair: string;
  readonly side: Side;
  readonly type: 'market' | 'limit';
  /** Coin quantity, scale 8, a whole number of the market's quantity steps. */
  readonly quantity: bigint;
  /** The limit price for a limit order (price8), null for a market order. */
  readonly limitPrice8: bigint | null;
  readonly reason: IntentReason;
  /** When the order was placed: the close time of the candle that led to it, ms. */
  readonly placedAt: number;
}

/** One execution of an order. Cash moves by `notionalCents` and `feeCents`; the coin by `quantity`. */
export interface Fill {
  readonly clientId: string;
  readonly pair: string;
  readonly side: Side;
  readonly quantity: bigint;
  /** The execution price, slippage included, price8. */
  readonly price8: bigint;
  /** quantity × price8 in cents: rounded up for a buy (the fund pays), down for a sell (the fund receives). */
  readonly notionalCents: bigint;
  /** The exchange's fee in cents, rounded up. */
  readonly feeCents: bigint;
  readonly liquidity: 'taker' | 'maker';
  readonly reason: IntentReason;
  readonly time: number;
}
