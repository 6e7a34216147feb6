import { useRef, useState } from 'react';
import type { KeysetState } from '../../../api/useKeysetPages';
import { type LiveEventOf, useLiveEvents } from '../../../live/liveEvents';
import { readSession } from '../../../session/session';

export type QueueChange = LiveEventOf<'queue.changed'>;

/** A request that left the queue by another review: approved or rejected, and by whom. */
export type Resolution = { change: 'approved' | 'rejected'; by: string | null };

/**
 * Keeps a back-office queue current: each change to it (a request created, approved or rejected by
 * any admin) loads its first page again. When the request open in review is the one resolved, this
 * answers how, so the dialog can say so instead of offering a review that would be refused. This
 * admin's own review is not news: its answer closes the dialog.
 */
export function useQueueLive(
  queue: QueueChange['queue'],
  reload: () => void,
  openId: string | undefined,
): Resolution | null {
  const [resolved, setResolved] = useState<QueueChange | null>(null);
  const reloadQueued = useRef(false);
  useLiveEvents(['queue.changed'], (event) => {
    if (event.queue !== queue) return;
    // Changes that arrive together (missed while reconnecting) load the queue once.
    if (!reloadQueued.current) {
      reloadQueued.current = true;
      queueMicrotask(() => {
        reloadQueued.current = false;
        reload();
      });
    }
    const byThisAdmin = event.by !== null && event.by === readSession()?.name;
    if (event.requestId === openId && !byThisAdmin) setResolved(event);
  });
  if (!resolved || resolved.requestId !== openId) return null;
  const { change, by } = resolved;
  // A first approval leaves the request in the queue: the reloaded row says so (`rowAsLoaded`).
  return change === 'approved' || change === 'rejected' ? { change, by } : null;
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
