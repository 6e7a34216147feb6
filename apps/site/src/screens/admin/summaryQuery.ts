import { $api } from '../../api/queryClient';

/**
 * The queues' counts and waits and the ledger's trial balance: Today's figures and the navigation's
 * pending counts, one query. A queue's change invalidates it (src/live/liveQueries.ts).
 */
export const summaryQuery = $api.queryOptions('get', '/admin/summary');
