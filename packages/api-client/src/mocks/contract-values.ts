import type { components } from '../generated/schema';

type Schemas = components['schemas'];

/**
 * A list of every member of the string union `T`. The compiler refuses the list if it misses a member
 * (a value added to the contract), so query checks in the mocks cannot fall behind the contract.
 */
const everyValue =
  <T extends string>() =>
  <const V extends readonly T[]>(
    values: V & ([Exclude<T, V[number]>] extends [never] ? unknown : never),
  ): V =>
    values;

export const trxTypes = everyValue<Schemas['TrxType']>()([
  'deposit',
  'withdrawal',
  'profit',
  'bonus',
  'adjustment',
]);
export const requestStatuses = everyValue<Schemas['RequestStatus']>()(['pending', 'approved', 'rejected']);
export const coinTypes = everyValue<Schemas['CoinType']>()(['bitcoin', 'ethereum', 'usdt']);
export const transactionFormats = everyValue<'json' | 'csv'>()(['json', 'csv']);

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
