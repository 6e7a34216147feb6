import { type Schemas, unwrap } from '@ledgerline/api-client';
import { api } from '../../../api/api';

export function loadReferralLink(): Promise<string | undefined> {
  return unwrap(api.GET('/users/user-info', { params: { query: { fields: 'referralLink' } } })).then(
    (info) => info.referralLink,
  );
}

export function loadReferrals(): Promise<Schemas['ReferralList']> {
  return unwrap(api.GET('/referrals'));
}
