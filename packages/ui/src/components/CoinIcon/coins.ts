import type { CoinType } from '@ledgerline/rules/coins';

/** The coins a person can deposit and withdraw: bitcoin, ethereum or usdt, and no others. */
export type Coin = CoinType;
/** Every payment mark the product shows (the footer adds mastercard). */
export type PaymentMark = Coin | 'mastercard';

/** Names as people read them. */
export const paymentMarkNames: Record<PaymentMark, string> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  usdt: 'USDT',
  mastercard: 'Mastercard',
};
