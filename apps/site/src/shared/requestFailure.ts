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

/** Any failure as the one error shape the screens show (`unwrap` already throws these). */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}
