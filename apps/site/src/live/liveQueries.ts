import type { paths } from '@ledgerline/api-client';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { readSession } from '../session/session';
import { type LiveEvent, useLiveEvents } from './liveEvents';

type ReadPath = { [Path in keyof paths]: paths[Path] extends { get: unknown } ? Path : never }[keyof paths];

/**
 * What each live event changes, as the reads that show it: a review moves the balances, the history
 * and the overview's figures; a posting too, and the referral bonuses; a KYC review the KYC state; a
 * new notification the overview's. A queue's change moves that queue and the back office's counts.
 */
function concernedReads(event: LiveEvent): readonly ReadPath[] {
  switch (event.type) {
    case 'deposit.reviewed':
    case 'withdrawal.reviewed':
      return ['/users/user-info', '/transaction-history'];
    case 'ledger.posted':
      return ['/users/user-info', '/transaction-history', '/referrals'];
    case 'kyc.reviewed':
      return ['/kyc', '/users/user-info'];
    case 'notification.changed':
      return ['/users/user-info'];
    case 'queue.changed':
      return [`/admin/${event.queue}`, '/admin/summary'];
    case 'backtest.progress':
      return ['/backtests/{backtestId}'];
    // A fund's trade, valuation or pause moves its sheet, the holdings' value, the figures, the
    // balance by day and the trading desk; a priced request the history too.
    case 'fund.filled':
    case 'fund.changed':
    case 'fund.valued':
    case 'fund.paused':
      return [
        '/funds',
        '/funds/{fundId}',
        '/portfolio',
        '/users/user-info',
        '/balance-history',
        '/admin/trading',
        '/admin/funds/{fundId}',
        '/funds/{fundId}/fills',
      ];
    case 'fund.request_priced':
      return ['/portfolio', '/users/user-info', '/balance-history', '/transaction-history'];
  }
}

/** Invalidates a back-office queue's pages and the counts (after this admin's own review). */
export function invalidateQueue(queryClient: QueryClient, queue: 'deposits' | 'withdrawals' | 'kyc'): void {
  void queryClient.invalidateQueries({ queryKey: ['get', `/admin/${queue}`] });
  void queryClient.invalidateQueries({ queryKey: ['get', '/admin/summary'] });
}

/**
 * Invalidates the reads `event` concerns, so the screens showing them fetch them again (and only
 * them). An admin's own review is not news: the review's answer already invalidated the same reads.
 */
export function invalidateConcerned(queryClient: QueryClient, events: readonly LiveEvent[]): void {
  const reads = new Set<ReadPath>();
  for (const event of events) {
    if (event.type === 'queue.changed' && event.byId !== null && event.byId === readSession()?.userId)
      continue;
    for (const read of concernedReads(event)) reads.add(read);
  }
  for (const read of reads) void queryClient.invalidateQueries({ queryKey: ['get', read] });
}

const everyEventType = [
  'deposit.reviewed',
  'withdrawal.reviewed',
  'ledger.posted',
  'kyc.reviewed',
  'notification.changed',
  'queue.changed',
  'backtest.progress',
] as const;

/**
 * While a signed-in frame shows, each live event invalidates the queries it concerns. Events that
 * arrive together (the ones missed while reconnecting come at once) invalidate each read once.
 */
export function useLiveQueries(): void {
  const queryClient = useQueryClient();
  const pending = useRef<LiveEvent[]>([]);
  useLiveEvents(everyEventType, (event) => {
    pending.current.push(event);
    if (pending.current.length > 1) return;
    queueMicrotask(() => invalidateConcerned(queryClient, pending.current.splice(0)));
  });
}
