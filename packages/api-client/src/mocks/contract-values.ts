import { everyValue } from '../catalog';

export { coinTypes } from '@ledgerline/rules/coins';
export { requestStatuses, transactionStatuses, trxTypes, userInfoFields } from '../catalog';

export const transactionFormats = everyValue<'json' | 'csv'>()(['json', 'csv']);
