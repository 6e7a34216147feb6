import { ApiError, type components, networkFailure, unwrap } from '@ledgerline/api-client';
import { Button, Dialog, formatUsd, StatusBadge, toast } from '@ledgerline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/api';
import { useClock } from '../../../shared/clock';
import { formatDateTime } from '../../../shared/formatDate';
import * as orderStyles from './FundOrderDialog.css';
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

/**
 * A first investment's cooling-off period: it can be cancelled until it ends, after a confirmation
 * that repeats the amount; the money is available again at once.
 */
function CancelInCoolingOff({ request }: { request: FundRequest }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const amount = formatUsd(request.amount ?? 0);
  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await unwrap(
        api.POST('/fund-requests/{requestId}/cancel', { params: { path: { requestId: request._id } } }),
      );
      toast.success(answer.msg);
      // The money is back and the request gone from the pending lists.
      for (const read of ['/portfolio', '/users/user-info', '/transaction-history', '/funds/{fundId}'])
        void queryClient.invalidateQueries({ queryKey: ['get', read] });
      setOpen(false);
    } catch (error) {
      setFailure(
        error instanceof ApiError ? (error.status === 0 ? networkFailure : error.msg) : String(error),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setFailure(null);
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          Cancel investment
        </Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <Dialog.Title>Cancel your investment?</Dialog.Title>
        <Dialog.Description>
          {amount} goes back to your available balance at once, and {request.fundName} issues no units for it.
        </Dialog.Description>
        {failure && (
          <Dialog.Body>
            <p role="alert" className={orderStyles.failure}>
              {failure}
            </p>
          </Dialog.Body>
        )}
        <Dialog.Footer>
          <Button variant="secondary" disabled={busy} onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button variant="danger" loading={busy} onClick={() => void cancel()}>
            Cancel {amount}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export type PendingRequestsProps = {
  /** The requests still waiting for a valuation. */
  requests: readonly FundRequest[];
  /** Names the fund of each request (on the portfolio, where several funds mix). @default false */
  showFund?: boolean;
};

/**
 * The requests waiting for a valuation, each with when it will be priced; a first investment in its
 * cooling-off period says until when it can be cancelled, with the button to do so.
 */
export function PendingRequests({ requests, showFund = false }: PendingRequestsProps) {
  const clock = useClock();
  return (
    <ul className={styles.pending}>
      {requests.map((request) => {
        const coolingOff =
          request.coolingOffUntil !== null && Date.parse(request.coolingOffUntil) > clock()
            ? request.coolingOffUntil
            : null;
        return (
          <li key={request._id} className={styles.pendingItem}>
            <StatusBadge status="pending" />
            <span>
              {requestWords(request)}
              {showFund ? ` in ${request.fundName}` : ''}: priced {pricedAfterText(request.pricedAfter)}.
              {coolingOff && ` You can cancel it until ${formatDateTime(coolingOff)}.`}
            </span>
            {coolingOff && <CancelInCoolingOff request={request} />}
          </li>
        );
      })}
    </ul>
  );
}
