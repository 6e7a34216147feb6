import { coinTypes, isCoinType } from '@ledgerline/api-client/catalog';
import { type Coin, paymentMarkNames } from '@ledgerline/ui';

/** The coins a person can deposit and withdraw, in the order shown: bitcoin, ethereum, usdt. */
export const coins: readonly Coin[] = coinTypes;

/** "Bitcoin", "Ethereum", "USDT". */
export function coinName(coin: Coin): string {
  return paymentMarkNames[coin];
}

/** Narrows a form's text value to a coin (the forms start with no coin chosen: `''`). */
export const isCoin: (value: string) => value is Coin = isCoinType;
