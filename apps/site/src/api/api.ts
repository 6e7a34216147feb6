import { createApiClient } from '@ledgerline/api-client';
import { toast } from '@ledgerline/ui';
import { siteConfig } from '../config';
import { clearSession, readSession } from '../session/session';

/** Shown when the server answers 401 to a signed-in call: the session expired or was revoked. */
export const sessionEndedMessage = 'Your session has ended. Please sign in again.';

/**
 * What a 401 to a call that carried the token does: the session ends here (once, however many calls
 * were refused), and the signed-in frame, seeing no session, goes to /sign-in.
 */
export function endSession(): void {
  if (!readSession()) return;
  clearSession();
  toast.error(sessionEndedMessage);
}

/** The site's one API client. It sends the saved token; a 401 to a call that carried one ends the session. */
export const api = createApiClient({
  baseUrl: siteConfig.apiBaseUrl,
  getToken: () => readSession()?.token,
  onUnauthorized: endSession,
});
