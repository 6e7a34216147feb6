import { everyValue } from '../catalog';

export { coinTypes, requestStatuses, trxTypes, userInfoFields } from '../catalog';

export const transactionFormats = everyValue<'json' | 'csv'>()(['json', 'csv']);
