import { type Coin, paymentMarkNames } from '@ledgerline/ui';

/** "Bitcoin", "Ethereum", "USDT". */
export function coinName(coin: Coin): string {
  return paymentMarkNames[coin];
}
