import type { CoinType, Network } from '@ledgerline/rules/coins';
import type { components } from './generated/schema';

/*
 * The contract's fixed lists, as values both sides use: the kinds and states of a transaction and the
 * user-info field names (the coins and networks are @ledgerline/rules'). Each list is checked against
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

/** Whether two types are the same: each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// The coins and networks come from @ledgerline/rules, which the site, the ui and the server share;
// they must be exactly the contract's, so a value added or removed on either side fails to compile.
true satisfies Same<CoinType, Schemas['CoinType']>;
true satisfies Same<Network, Schemas['Network']>;

export const trxTypes = everyValue<Schemas['TrxType']>()([
  'deposit',
  'withdrawal',
  'profit',
  'bonus',
  'adjustment',
  'investment',
  'redemption',
]);

/** A request is pending until an admin approves or rejects it, once. */
export const requestStatuses = everyValue<Schemas['RequestStatus']>()(['pending', 'approved', 'rejected']);

/** A history row's state: a request's, or a withdrawal its owner cancelled while it was pending. */
export const transactionStatuses = everyValue<Schemas['TransactionStatus']>()([
  'pending',
  'approved',
  'rejected',
  'cancelled',
]);

/** Why a pending withdrawal was held: the events that pause an account's withdrawals. */
export const withdrawalHoldReasons = everyValue<Schemas['WithdrawalHoldReason']>()([
  'password_reset',
  'password_changed',
  'email_changed',
  'two_factor_disabled',
]);

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
