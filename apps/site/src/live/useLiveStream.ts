import { readEventStream } from '@ledgerline/api-client';
import { useEffect } from 'react';
import { endSession } from '../api/api';
import { siteConfig } from '../config';
import { readSession } from '../session/session';
import { type LiveEvent, publishLiveEvent } from './liveEvents';

/**
 * Keeps one stream of the account's live events open while a signed-in frame shows (one per tab), and
 * hands each event to the screens listening (`useLiveEvents`). It reconnects by itself; it ends when
 * the frame goes away, the session changes, or the server says the session has ended (then the
 * session ends here as it does for any call, and the frame leaves for /sign-in).
 */
export function useLiveStream(token: string | undefined): void {
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void readEventStream<LiveEvent>({
      url: `${siteConfig.apiBaseUrl}/events`,
      getToken: () => readSession()?.token,
      onEvent: ({ data }) => publishLiveEvent(data),
      onUnauthorized: endSession,
      signal: controller.signal,
    });
    return () => controller.abort();
  }, [token]);
}
