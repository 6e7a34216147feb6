import { type Schemas, unwrap } from '@ledgerline/api-client';
import { api } from './api';

export type MarketCoins = Schemas['MarketCoins'];

/** How long one answer serves the ticker and the overview together (the server caches upstream too). */
const reuseMs = 60_000;

let last: { at: number; answer: Promise<MarketCoins> } | null = null;

/**
 * The first 50 coins of the market data, shared by the top bar's ticker and the overview's table so a
 * page load asks once. A failed answer is not kept.
 */
export function loadMarketCoins(): Promise<MarketCoins> {
  const now = Date.now();
  if (last && now - last.at < reuseMs) return last.answer;
  const answer = unwrap(api.GET('/market/coins'));
  const entry = { at: now, answer };
  last = entry;
  answer.catch(() => {
    if (last === entry) last = null;
  });
  return answer;
}

/** Forgets the kept answer, so the next call asks the server (a story's or a test's fresh start). */
export function forgetMarketCoins(): void {
  last = null;
}
