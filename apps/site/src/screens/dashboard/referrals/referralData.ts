import { unwrap } from '@ledgerline/api-client';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { $api } from '../../../api/queryClient';

export function loadReferralLink(): Promise<string | undefined> {
  return unwrap(api.GET('/users/user-info', { params: { query: { fields: 'referralLink' } } })).then(
    (info) => info.referralLink,
  );
}

export const referralLinkQuery = queryOptions({
  queryKey: $api.queryOptions('get', '/users/user-info', { params: { query: { fields: 'referralLink' } } })
    .queryKey,
  queryFn: loadReferralLink,
});

export const referralsQuery = $api.queryOptions('get', '/referrals');
