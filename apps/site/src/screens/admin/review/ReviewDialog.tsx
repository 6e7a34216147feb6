import { ApiError } from '@ledgerline/api-client';
import { Button, Dialog, TextArea, toast } from '@ledgerline/ui';
import { type ReactNode, useId, useState } from 'react';
import { formatDateTime } from '../../../shared/formatDate';
import { showRequestFailure } from '../../../shared/requestFailure';
import { StepUpCodeField, useStepUpRequired } from '../StepUpCodeField';
import * as styles from './ReviewQueue.css';
import type { Resolution } from './useQueueLive';

/** What every reviewed request has: an id, a reference, a state. */
export type Reviewable = { _id: string; ref?: string; status: string };

export type ReviewDialogProps<Item extends Reviewable> = {
  /** The request to review; null keeps the dialog closed. */
  item: Item | null;
  /** What is reviewed, in the buttons and messages: `deposit`, `withdrawal`, `KYC request`. */
  noun: string;
  /** The dialog's title and the line under it. */
  title: (item: Item) => string;
  description: (item: Item) => ReactNode;
  /** The request's facts: its image, amount, user, address… */
  details: (item: Item) => ReactNode;
  /** What approving does, repeated before it is done (the amount and the user). */
  confirmation: (item: Item) => ReactNode;
  /** The label of the button that approves, e.g. "Approve $750.00". */
  approveLabel: (item: Item) => ReactNode;
  /** Whether it can still be reviewed (pending, and not waiting on this admin). */
  reviewable: (item: Item) => boolean;
  /**
   * Why it cannot be approved yet though it can be rejected (a withdrawal held by its account's
   * pause), said above the buttons; null when approving is open. @default no wait
   */
  approvalWaits?: (item: Item) => string | null;
  /** `twoFactorCode`: the admin's fresh code, when approving asks for one (`stepUp`). */
  approve: (item: Item, twoFactorCode: string | undefined) => Promise<{ msg: string }>;
  /** Approving moves money or where it goes: an admin with two-factor on gives a fresh code. */
  stepUp?: boolean;
  reject: (item: Item, reason: string) => Promise<{ msg: string }>;
  onClose: () => void;
  /** After a review, or after learning someone else resolved it first: the queue loads again. */
  onReviewed: () => void;
  /** How another admin resolved it while it was open: said above its facts, and no review is offered. */
  resolvedElsewhere?: Resolution | null;
};

/** A rejection's reason is required and shown to the user: at most 500 characters, as the contract says. */
const reasonMaxLength = 500;

type Step = 'review' | 'approve' | 'reject';

/**
 * One request in review: its facts, then approve (after a confirmation that repeats what it does)
 * or reject (a reason, required, which the user sees). The server's answer is a toast; one someone
 * else resolved first answers 409: its message is shown and the queue reloaded.
 */
export function ReviewDialog<Item extends Reviewable>(props: ReviewDialogProps<Item>) {
  const { item, noun, onClose, onReviewed, resolvedElsewhere } = props;
  // The last request stays shown while the dialog plays its closing transition.
  const [shown, setShown] = useState(item);
  const [step, setStep] = useState<Step>('review');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const codeRequired = useStepUpRequired() && props.stepUp === true;
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  if (item !== null && item !== shown) {
    setShown(item);
    // The same request loaded again (another admin changed it) keeps the step and the reason typed.
    if (item._id !== shown?._id) {
      setStep('review');
      setReason('');
      setReasonError(undefined);
      setCode('');
      setCodeError(undefined);
    }
  }
  const row = item ?? shown;
  const waitId = useId();
  const approvalWaits = row ? (props.approvalWaits?.(row) ?? null) : null;

  const decide = async (verdict: 'approve' | 'reject') => {
    if (!row) return;
    if (verdict === 'reject' && reason.trim() === '') {
      setReasonError('Reason is required');
      return;
    }
    if (verdict === 'approve' && codeRequired && !/^[0-9]{6}$/.test(code)) {
      setCodeError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setBusy(true);
    try {
      const answer =
        verdict === 'approve'
          ? await props.approve(row, codeRequired ? code : undefined)
          : await props.reject(row, reason.trim());
      toast.success(row.ref ? `${answer.msg}: ${row.ref}` : answer.msg);
      onReviewed();
      onClose();
    } catch (error) {
      // A refused code (403) is said beside it, for the next one; anything else as a toast.
      if (verdict === 'approve' && codeRequired && error instanceof ApiError && error.status === 403) {
        setCode('');
        setCodeError(error.msg);
        return;
      }
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

  return (
    <Dialog.Root
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      {row && (
        <Dialog.Content>
          <Dialog.Title>{props.title(row)}</Dialog.Title>
          <Dialog.Description>{props.description(row)}</Dialog.Description>
          <Dialog.Body>
            {resolvedElsewhere && (
              <p className={styles.resolvedElsewhere}>
                {resolvedElsewhere.change === 'cancelled' ? (
                  <>Its owner cancelled this {noun} while it was open here.</>
                ) : (
                  <>
                    {resolvedElsewhere.by ?? 'Another admin'} {resolvedElsewhere.change} this {noun} while it
                    was open here.
                  </>
                )}
              </p>
            )}
            {step === 'review' && props.details(row)}
            {step === 'approve' && props.confirmation(row)}
            {step === 'approve' && codeRequired && (
              <StepUpCodeField
                value={code}
                error={codeError}
                onChange={(typed) => {
                  setCode(typed);
                  setCodeError(undefined);
                }}
              />
            )}
            {step === 'reject' && (
              <TextArea
                label="Reason"
                hint="The user sees it."
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
          {props.reviewable(row) && !resolvedElsewhere && step === 'review' && approvalWaits && (
            <p id={waitId} className={styles.approvalWaits}>
              {approvalWaits}
            </p>
          )}
          {props.reviewable(row) && !resolvedElsewhere && (
            <Dialog.Footer>
              {step === 'review' ? (
                <>
                  <Button variant="secondary" onClick={() => setStep('reject')}>
                    Reject…
                  </Button>
                  <Button
                    disabled={approvalWaits !== null}
                    aria-describedby={approvalWaits ? waitId : undefined}
                    onClick={() => setStep('approve')}
                  >
                    Approve…
                  </Button>
                </>
              ) : (
                <>
                  <Button variant="secondary" disabled={busy} onClick={() => setStep('review')}>
                    Back
                  </Button>
                  {step === 'approve' ? (
                    <Button loading={busy} onClick={() => void decide('approve')}>
                      {props.approveLabel(row)}
                    </Button>
                  ) : (
                    <Button variant="danger" loading={busy} onClick={() => void decide('reject')}>
                      Reject {noun}
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

/** One fact of a request in review: a term and its value. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

/** Who asked, and when: the line under a money request's title. */
export function RequestedBy({
  row,
}: {
  row: { user: { fullname: string; email: string }; createdAt: string };
}) {
  return (
    <>
      <span className={styles.name}>{row.user.fullname}</span> ({row.user.email}), requested{' '}
      {formatDateTime(row.createdAt)}.
    </>
  );
}
