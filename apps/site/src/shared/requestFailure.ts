import { ApiError } from '@ledgerline/api-client';
import { toast } from '@ledgerline/ui';

/**
 * Shows why a request failed: the server's `msg` as an error toast. A 401 says nothing more:
 * the session has ended, and the api client has already said so.
 */
export function showRequestFailure(error: unknown): void {
  if (error instanceof ApiError) {
    if (error.status !== 401) toast.error(error.msg);
    return;
  }
  toast.error(error instanceof Error ? error.message : String(error));
}
