import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { KeysetState } from '../../../api/keysetQuery';
import { type LiveEventOf, useLiveEvents } from '../../../live/liveEvents';
import { invalidateQueue } from '../../../live/liveQueries';
import { readSession } from '../../../session/session';

export type QueueChange = LiveEventOf<'queue.changed'>;

/**
 * A request that left the queue while open here: approved or rejected by another admin (and by whom),
 * or cancelled by its owner (a withdrawal; `by` is null).
 */
export type Resolution = { change: 'approved' | 'rejected' | 'cancelled'; by: string | null };

/**
 * What a review by this admin does once the server has answered: the queue and the back office's
 * counts load again (once: the live event of this admin's own review invalidates nothing more).
 */
export function useQueueReviewed(queue: QueueChange['queue']): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateQueue(queryClient, queue), [queryClient, queue]);
}

/**
 * When the request open in review is resolved by another admin, this answers how, so the dialog can
 * say so instead of offering a review that would be refused. (Each change to the queue, by any other
 * admin, invalidates its query: src/live/liveQueries.ts.) This admin's own review is not news: its
 * answer closes the dialog.
 */
export function useQueueLive(queue: QueueChange['queue'], openId: string | undefined): Resolution | null {
  const [resolved, setResolved] = useState<QueueChange | null>(null);
  useLiveEvents(['queue.changed'], (event) => {
    if (event.queue !== queue) return;
    const byThisAdmin = event.byId !== null && event.byId === readSession()?.userId;
    if (event.requestId === openId && !byThisAdmin) setResolved(event);
  });
  if (!resolved || resolved.requestId !== openId) return null;
  const { change, by } = resolved;
  // A first approval leaves the request in the queue: the reloaded row says so (`rowAsLoaded`).
  return change === 'approved' || change === 'rejected' || change === 'cancelled' ? { change, by } : null;
}

/**
 * The row open in review as the queue last loaded it, so a change by another admin (a first approval)
 * shows in the dialog; the row as it was opened when the queue no longer lists it.
 */
export function rowAsLoaded<Item extends { _id: string }>(
  open: Item | null,
  state: KeysetState<Item>,
): Item | null {
  if (!open || state.phase !== 'ready') return open;
  return state.items.find((item) => item._id === open._id) ?? open;
}
