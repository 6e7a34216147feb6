import { type Schemas, unwrap } from '@ledgerline/api-client';
import { api } from '../../../api/api';

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
