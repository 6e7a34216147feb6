import { type Schemas, unwrap } from '@ledgerline/api-client';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { $api } from '../../../api/queryClient';

export type KycRecord = Schemas['KycRecord'];

/**
 * The newest KYC request, or null when there is none. A failed fetch is ignored
 * silently, and the form shows.
 */
export async function loadLatestKyc(): Promise<KycRecord | null> {
  try {
    const records = await unwrap(api.GET('/kyc'));
    return records[0] ?? null;
  } catch {
    return null;
  }
}

/** The newest KYC request as a query; a KYC review (a live event) or a request sent invalidates it. */
export const latestKycQuery = queryOptions({
  queryKey: $api.queryOptions('get', '/kyc').queryKey,
  queryFn: loadLatestKyc,
});
