import { createApiClient } from '@ledgerline/api-client';
import { toast } from '@ledgerline/ui';
import { siteConfig } from '../config';
import { clearSession, readSession } from '../session/session';

/** Shown when the server answers 401 to a signed-in call: the session expired or was revoked. */
export const sessionEndedMessage = 'Your session has ended. Please sign in again.';

/**
 * The site's one API client. It sends the saved token; a 401 to a call that carried one ends the
 * session here, and the dashboard layout, seeing no session, goes to /sign-in.
 */
export const api = createApiClient({
  baseUrl: siteConfig.apiBaseUrl,
  getToken: () => readSession()?.token,
  onUnauthorized: () => {
    if (!readSession()) return;
    clearSession();
    toast.error(sessionEndedMessage);
  },
});
