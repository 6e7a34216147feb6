import { ApiError, unwrap } from '@ledgerline/api-client';
import { AddressText, Button, CoinIcon, Dialog, Money, StatusBadge, TextArea, toast } from '@ledgerline/ui';
import { type ReactNode, useState } from 'react';
import { api } from '../../../api/api';
import { formatDateTime } from '../../dashboard/history/transactionText';
import { coinName } from '../../dashboard/money/coins';
import { showRequestFailure } from '../../dashboard/money/requestFailure';
import { ReceiptImage } from '../ReceiptImage';
import * as styles from './DepositQueueScreen.css';
import type { AdminDeposit } from './useDepositQueue';

export type DepositReviewDialogProps = {
  /** The deposit to review; null keeps the dialog closed. */
  deposit: AdminDeposit | null;
  onClose: () => void;
  /** After a review, or after learning someone else resolved it first: the queue is loaded again. */
  onReviewed: () => void;
};

/** A rejection's reason is required and shown to the user: at most 500 characters, as the contract says. */
const reasonMaxLength = 500;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

type Step = 'review' | 'approve' | 'reject';

/**
 * One deposit in review: the receipt, the user, the amount and the wallet paid to; then approve (a
 * confirmation that repeats the amount and the user) or reject (a reason, required, which the user
 * sees). A deposit someone else resolved first answers 409: its message is shown and the queue
 * reloaded.
 */
export function DepositReviewDialog({ deposit, onClose, onReviewed }: DepositReviewDialogProps) {
  // The last deposit stays shown while the dialog plays its closing transition.
  const [shown, setShown] = useState(deposit);
  const [step, setStep] = useState<Step>('review');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (deposit !== null && deposit !== shown) {
    setShown(deposit);
    setStep('review');
    setReason('');
    setReasonError(undefined);
  }
  const row = deposit ?? shown;

  const review = async (verdict: 'approve' | 'reject') => {
    if (!row) return;
    if (verdict === 'reject' && reason.trim() === '') {
      setReasonError('Reason is required');
      return;
    }
    setBusy(true);
    try {
      const path = { depositId: row._id };
      const answer = await unwrap(
        verdict === 'approve'
          ? api.POST('/admin/deposits/{depositId}/approve', { params: { path } })
          : api.POST('/admin/deposits/{depositId}/reject', {
              params: { path },
              body: { reason: reason.trim() },
            }),
      );
      toast.success(`${answer.msg}: ${row.ref}`);
      onReviewed();
      onClose();
    } catch (error) {
      showRequestFailure(error);
      // Resolved by someone else meanwhile: the queue shows it as it now is.
      if (error instanceof ApiError && error.status === 409) {
        onReviewed();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };

  const pending = row?.status === 'pending';
  return (
    <Dialog.Root
      open={deposit !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      {row && (
        <Dialog.Content>
          <Dialog.Title>Deposit {row.ref}</Dialog.Title>
          <Dialog.Description>
            <span className={styles.name}>{row.user.fullname}</span> ({row.user.email}), requested{' '}
            {formatDateTime(row.createdAt)}.
          </Dialog.Description>
          <Dialog.Body>
            {step === 'review' && (
              <div className={styles.review}>
                <ReceiptImage path={row.receipt} alt={`Receipt of deposit ${row.ref}`} />
                <dl className={styles.details}>
                  <Detail term="Amount">
                    <Money amount={row.amount} display="code" />
                  </Detail>
                  <Detail term="Coin">
                    <span className={styles.coin}>
                      {row.type && <CoinIcon coin={row.type} size="sm" title={null} />}
                      {row.type ? coinName(row.type) : '—'}
                    </span>
                  </Detail>
                  <Detail term="Paid to">
                    {row.paymentTo ? <AddressText address={row.paymentTo} /> : '—'}
                  </Detail>
                  <Detail term="Status">
                    <StatusBadge status={row.status} />
                  </Detail>
                  {row.reviewedBy && <Detail term="Reviewed by">{row.reviewedBy.fullname}</Detail>}
                  {row.reason && <Detail term="Reason">{row.reason}</Detail>}
                </dl>
              </div>
            )}
            {step === 'approve' && (
              <p className={styles.confirm}>
                Approve <Money amount={row.amount} display="symbol" colored={false} /> for{' '}
                <span className={styles.name}>{row.user.fullname}</span> ({row.user.email})? Their available
                balance grows by this amount at once.
              </p>
            )}
            {step === 'reject' && (
              <TextArea
                label="Reason"
                hint="The user sees it in their history."
                value={reason}
                maxLength={reasonMaxLength}
                error={reasonError}
                onChange={(event) => {
                  setReason(event.target.value);
                  setReasonError(undefined);
                }}
                // The reason is the one thing this step asks for.
                autoFocus
              />
            )}
          </Dialog.Body>
          {pending && (
            <Dialog.Footer>
              {step === 'review' ? (
                <>
                  <Button variant="secondary" onClick={() => setStep('reject')}>
                    Reject…
                  </Button>
                  <Button onClick={() => setStep('approve')}>Approve…</Button>
                </>
              ) : (
                <>
                  <Button variant="secondary" disabled={busy} onClick={() => setStep('review')}>
                    Back
                  </Button>
                  {step === 'approve' ? (
                    <Button loading={busy} onClick={() => void review('approve')}>
                      Approve <Money amount={row.amount} display="symbol" colored={false} />
                    </Button>
                  ) : (
                    <Button variant="danger" loading={busy} onClick={() => void review('reject')}>
                      Reject deposit
                    </Button>
                  )}
                </>
              )}
            </Dialog.Footer>
          )}
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}
