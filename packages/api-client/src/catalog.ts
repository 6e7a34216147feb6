import type { components } from './generated/schema';

/*
 * The contract's fixed lists, as values both sides use: the coins and the networks each is sent on,
 * the kinds and states of a transaction, and the user-info field names. Each list is checked against
 * the contract's own union, so a value added to `openapi.yaml` fails to compile until it is here.
 */

type Schemas = components['schemas'];

/**
 * A list of every member of the string union `T`. The compiler refuses the list if it misses a member
 * (a value added to the contract).
 */
export const everyValue =
  <T extends string>() =>
  <const V extends readonly [T, ...T[]]>(
    values: V & ([Exclude<T, V[number]>] extends [never] ? unknown : never),
  ): V =>
    values;

export type CoinType = Schemas['CoinType'];
export type Network = Schemas['Network'];

/** The coins a person deposits and withdraws, in the order they are shown: bitcoin, ethereum, usdt. */
export const coinTypes = everyValue<CoinType>()(['bitcoin', 'ethereum', 'usdt']);

/** Every network, in the order they are offered. */
export const networks = everyValue<Network>()(['BTC', 'ETH', 'usdt-trc20', 'usdt-bsc', 'usdt-erc20']);

/** The networks each coin is sent on: bitcoin on BTC, ethereum on ETH, usdt on TRC-20, BEP-20 and ERC-20. */
export const coinNetworks: Readonly<Record<CoinType, readonly Network[]>> = {
  bitcoin: ['BTC'],
  ethereum: ['ETH'],
  usdt: ['usdt-trc20', 'usdt-bsc', 'usdt-erc20'],
};

/** Whether a text (a form's value, a multipart field) names a coin. */
export function isCoinType(value: string): value is CoinType {
  return (coinTypes as readonly string[]).includes(value);
}

/** Whether a text names a network. */
export function isNetwork(value: string): value is Network {
  return (networks as readonly string[]).includes(value);
}

export const trxTypes = everyValue<Schemas['TrxType']>()([
  'deposit',
  'withdrawal',
  'profit',
  'bonus',
  'adjustment',
]);

/** A request is pending until an admin approves or rejects it, once. */
export const requestStatuses = everyValue<Schemas['RequestStatus']>()(['pending', 'approved', 'rejected']);

/** The names `GET /users/user-info?fields=` accepts: the properties of `UserInfo`. */
export const userInfoFields = everyValue<keyof Schemas['UserInfo']>()([
  '_id',
  'fullname',
  'email',
  'phone',
  'address',
  'country',
  'maritalStatus',
  'gender',
  'investmentGoal',
  'activityLogStatus',
  'referralLink',
  'referralCode',
  'role',
  'mustChangePassword',
  'accountTier',
  'totalBalance',
  'availableBalance',
  'moneyEarned',
  'bonus',
  'profits',
  'deposits',
  'withdrawals',
  'pendingDeposits',
  'pendingWithdrawals',
  'notification',
  'createdAt',
]);

/** The user-info fields computed from the ledger (every other field is read from the account). */
export const accountFigureFields = [
  'accountTier',
  'totalBalance',
  'availableBalance',
  'moneyEarned',
  'bonus',
  'profits',
  'deposits',
  'withdrawals',
  'pendingDeposits',
  'pendingWithdrawals',
] as const satisfies readonly (keyof Schemas['UserInfo'])[];
