import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { depositListOperations } from './deposit-list';
import { depositRequestOperations } from './deposit-requests';
import { depositReviewOperations } from './deposit-reviews';

/** Deposits: an investor's request (create), an admin's review of it, and the back office's queue. */
export function depositOperations(services: Services) {
  return {
    ...depositRequestOperations(services),
    ...depositReviewOperations(services),
    ...depositListOperations(services),
  } satisfies Operations;
}
