import type { components } from '@ledgerline/api-client';
import { formatUsd, StatusBadge } from '@ledgerline/ui';
import * as styles from './FundScreen.css';
import { pricedAfterText } from './fundFigures';

type FundRequest = components['schemas']['FundRequest'];

/** A request in words: "Investment of $250.00", "Redemption of all your units", "Redemption of 10.000000 units". */
export function requestWords(request: FundRequest): string {
  if (request.kind === 'investment') return `Investment of ${formatUsd(request.amount ?? 0)}`;
  if (request.all) return 'Redemption of all your units';
  if (request.units !== null) return `Redemption of ${request.units} units`;
  return `Redemption of ${formatUsd(request.amount ?? 0)}`;
}

export type PendingRequestsProps = {
  /** The requests still waiting for a valuation. */
  requests: readonly FundRequest[];
  /** Names the fund of each request (on the portfolio, where several funds mix). @default false */
  showFund?: boolean;
};

/** The requests waiting for a valuation, each with when it will be priced. */
export function PendingRequests({ requests, showFund = false }: PendingRequestsProps) {
  return (
    <ul className={styles.pending}>
      {requests.map((request) => (
        <li key={request._id} className={styles.pendingItem}>
          <StatusBadge status="pending" />
          <span>
            {requestWords(request)}
            {showFund ? ` in ${request.fundName}` : ''}: priced {pricedAfterText(request.pricedAfter)}.
          </span>
        </li>
      ))}
    </ul>
  );
}
