/*
 * The one fill model, used by live paper trading and by backtests alike. A market order fills at the
 * next candle's open (or at a last trade price the caller gives) moved by the slippage against the
 * taker: a buy pays more, a sell receives less. A limit order fills at its limit price when the
 * candle's range reaches it, as a maker. Fees are basis points of the notional, rounded up to the cent.
 */
import type { Candle } from './candles';
import { applyBps, bpsDenominator, mulDiv, notionalCents } from './money';
import type { Fill, Order, Side } from './orders';

/** What trading costs: fees in basis points of the notional and the slippage of a market order. */
export interface ExecutionCosts {
  /** Fee of an order that takes liquidity (a market order), bps. */
  readonly takerFeeBps: number;
  /** Fee of an order that rests on the book (a limit order), bps. */
  readonly makerFeeBps: number;
  /** How far a market order fills from the reference price, against the fund, bps. */
  readonly slippageBps: number;
}

/**
 * The reference price moved by the slippage against the taker: a buy rounds up to the next price8
 * step and a sell rounds down, so rounding never favours the fund over the market.
 */
export function slippedPrice(price8: bigint, side: Side, slippageBps: number): bigint {
  const bps = BigInt(slippageBps);
  return side === 'buy'
    ? mulDiv(price8, bpsDenominator + bps, bpsDenominator, 'ceil')
    : mulDiv(price8, bpsDenominator - bps, bpsDenominator, 'floor');
}

/**
 * The fill of `quantity` at `price8`: a buy's notional rounds up (the fund pays at least the exact
 * value), a sell's rounds down (it receives at most the exact value), and the fee rounds up.
 */
export function fillAt(
  order: Order,
  quantity: bigint,
  price8: bigint,
  feeBps: number,
  liquidity: Fill['liquidity'],
  time: number,
): Fill {
  const notional = notionalCents(quantity, price8, order.side === 'buy' ? 'ceil' : 'floor');
  return {
    clientId: order.clientId,
    pair: order.pair,
    side: order.side,
    quantity,
    price8,
    notionalCents: notional,
    feeCents: applyBps(notional, BigInt(feeBps), 'ceil'),
    liquidity,
    reason: order.reason,
    time,
  };
}

/** A market order filled at `price8` (the next open or a last trade price) plus slippage, as a taker. */
export function fillMarketOrder(order: Order, price8: bigint, time: number, costs: ExecutionCosts): Fill {
  const price = slippedPrice(price8, order.side, costs.slippageBps);
  return fillAt(order, order.quantity, price, costs.takerFeeBps, 'taker', time);
}

/**
 * An order against the candle after it was placed: a market order fills at the open; a limit order
 * fills at its limit price, as a maker, when the candle's range reaches it (a buy when the low is at
 * or below the limit, a sell when the high is at or above it), and otherwise stays open (null).
 */
export function fillOnCandle(order: Order, candle: Candle, costs: ExecutionCosts): Fill | null {
  if (order.type === 'market' || order.limitPrice8 === null) {
    return fillMarketOrder(order, candle.open, candle.time, costs);
  }
  const limit = order.limitPrice8;
  const crosses = order.side === 'buy' ? candle.low <= limit : candle.high >= limit;
  if (!crosses) return null;
  return fillAt(order, order.quantity, limit, costs.makerFeeBps, 'maker', candle.time);
}

/** The cash a fill moves for the fund, in cents: negative for a buy (notional and fee paid), positive for a sell. */
export function fillCashDelta(fill: Fill): bigint {
  return fill.side === 'buy' ? -(fill.notionalCents + fill.feeCents) : fill.notionalCents - fill.feeCents;
}
