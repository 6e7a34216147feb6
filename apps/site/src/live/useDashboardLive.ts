import { useLiveEvents } from './liveEvents';
import { useLiveQueries } from './liveQueries';
import { showLiveToast } from './liveToasts';
import { useLiveStream } from './useLiveStream';

/** The events a user's toasts tell of. */
const userEventTypes = ['deposit.reviewed', 'withdrawal.reviewed', 'kyc.reviewed', 'ledger.posted'] as const;

/**
 * The dashboard's live updates: the account's stream open while it shows (each event invalidates the
 * queries it concerns, so the screens showing them load them again), and a toast saying what happened
 * to the person's requests and balance.
 */
export function useDashboardLive(token: string | undefined): void {
  useLiveStream(token);
  useLiveQueries();
  useLiveEvents(userEventTypes, showLiveToast);
}
