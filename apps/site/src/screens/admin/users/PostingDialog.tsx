import { ApiError, networkFailure, type Schemas, unwrap } from '@ledgerline/api-client';
import { centsToUsdNumber, typedUsdToCents } from '@ledgerline/rules/usd';
import { Button, Dialog, Money, toast } from '@ledgerline/ui';
import { ConfirmDialog } from '@ledgerline/ui/back-office';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { useChoiceForm } from '../../../forms/choiceForm';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { requiredText } from '../../../forms/rules';
import { submitHandler } from '../../../forms/submitHandler';
import { usdAmountRule } from '../../../shared/usdAmount';
import { useIdempotencyKey } from '../../../shared/useIdempotencyKey';
import * as styles from '../review/ReviewQueue.css';
import { StepUpCodeField, stepUpBody, useStepUpRequired } from '../StepUpCodeField';

type Kind = Schemas['LedgerEntryKind'];

// Profit is never typed in by an admin: it comes from trading.
const kindOptions: { value: Kind; label: string }[] = [
  { value: 'bonus', label: 'Bonus (a credit)' },
  { value: 'adjustment', label: 'Adjustment (a credit or a debit)' },
];
const directionOptions = [
  { value: 'credit', label: 'Credit: adds to their balance' },
  { value: 'debit', label: 'Debit: takes from their balance' },
] as const;

/** A posting: what kind, how much (a bonus only ever adds), and why. */
const postingSchema = z.object({
  kind: z.string().check(z.minLength(1, 'Kind is required')),
  direction: z.string(),
  amount: usdAmountRule('Amount is required'),
  memo: requiredText('Memo is required').check(z.maxLength(500, 'Memo must be at most 500 characters')),
});

type PostingValues = z.infer<typeof postingSchema>;

/** The signed amount a posting moves, in US dollars: a debit only for an adjustment that says so. */
function signedAmount(value: PostingValues): number {
  const cents = typedUsdToCents(value.amount) ?? 0;
  return centsToUsdNumber(value.kind === 'adjustment' && value.direction === 'debit' ? -cents : cents);
}

export type PostingDialogProps = {
  open: boolean;
  user: Schemas['AdminUserDetail'];
  onClose: () => void;
  /** After the posting: close the dialog (its form stays out of sight meanwhile) and load the page again. */
  onPosted: () => void;
};

/** The question the confirmation asks: "Post a bonus?", "Post an adjustment?". */
function questionOf(kind: string): string {
  return kind === 'adjustment' ? 'Post an adjustment?' : `Post a ${kind}?`;
}

/**
 * Posts a bonus or an adjustment to a user's ledger: the form, then a confirmation over it that
 * repeats the amount with its sign and the user. Above the server's limit (every posting by default)
 * it is only proposed: it moves nothing until a second admin approves it, and the answer says so. An
 * admin with two-factor on gives a fresh code with it. One Idempotency-Key per posting meant: a retry
 * of the same values never posts twice.
 */
export function PostingDialog({ open, user, onClose, onPosted }: PostingDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState<PostingValues | null>(null);
  // The last values confirmed stay shown while the confirmation plays its closing transition.
  const [shown, setShown] = useState(confirming);
  if (confirming !== null && confirming !== shown) setShown(confirming);
  const values = confirming ?? shown;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Posted: the form stays out of sight while both dialogs play their closing transition.
  const [posted, setPosted] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setPosted(false);
  }
  const { keyFor, settle } = useIdempotencyKey();
  const codeRequired = useStepUpRequired();
  const [code, setCode] = useState('');
  const form = useChoiceForm({
    defaultValues: { kind: '', direction: 'credit', amount: '', memo: '' } as PostingValues,
    validators: { onChange: postingSchema, onSubmit: postingSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: ({ value }) => {
      setFailure(null);
      setConfirming(value);
    },
  });

  const close = () => {
    if (busy) return;
    setConfirming(null);
    setFailure(null);
    form.reset();
    onClose();
  };

  const post = async (value: PostingValues) => {
    const amount = signedAmount(value);
    const body = {
      kind: value.kind as Kind,
      amount,
      memo: value.memo.trim(),
      ...stepUpBody(codeRequired, code),
    };
    setBusy(true);
    setFailure(null);
    try {
      const answer = await unwrap(
        api.POST('/admin/users/{userId}/ledger-entries', {
          params: {
            path: { userId: user._id },
            header: { 'Idempotency-Key': keyFor([body.kind, body.amount, body.memo]) },
          },
          body,
        }),
      );
      settle();
      setCode('');
      toast.success(answer.msg);
      setPosted(true);
      setConfirming(null);
      form.reset();
      onPosted();
    } catch (error) {
      // Said in the confirmation, where a retry (same values, same key) is one press away. Status 0:
      // no answer came at all, and the browser's own words for it ("Failed to fetch") say little.
      setFailure(
        error instanceof ApiError ? (error.status === 0 ? networkFailure : error.msg) : String(error),
      );
    } finally {
      setBusy(false);
    }
  };

  const amount = values ? signedAmount(values) : 0;
  const sign = amount < 0 ? 'debit' : 'credit';
  const name = <span className={styles.name}>{user.fullname}</span>;

  return (
    <>
      <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : close())}>
        {/* Out of sight under the confirmation, which repeats what it says; kept, so Back finds it as it was. */}
        <Dialog.Content hidden={confirming !== null || posted}>
          <Dialog.Title>Post to the ledger</Dialog.Title>
          <Dialog.Description>
            Of {name} ({user.email}).
          </Dialog.Description>
          <form ref={formRef} noValidate onSubmit={submitHandler(form)}>
            <Dialog.Body className={styles.details}>
              <form.AppField name="kind">
                {(field) => (
                  <field.Select label="Kind" required placeholder="Choose a kind" options={kindOptions} />
                )}
              </form.AppField>
              <form.Subscribe selector={(state) => state.values.kind === 'adjustment'}>
                {(isAdjustment) =>
                  isAdjustment ? (
                    <form.AppField name="direction">
                      {(field) => <field.Select label="Direction" required options={[...directionOptions]} />}
                    </form.AppField>
                  ) : null
                }
              </form.Subscribe>
              <form.AppField name="amount">
                {(field) => <field.MoneyField label="Amount (USD)" required />}
              </form.AppField>
              <form.AppField name="memo">
                {(field) => (
                  <field.TextField
                    label="Memo"
                    required
                    maxLength={500}
                    hint="The user sees it in their history."
                  />
                )}
              </form.AppField>
              {codeRequired && <StepUpCodeField value={code} onChange={setCode} />}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <form.AppForm>
                <form.SubmitButton>Review the posting</form.SubmitButton>
              </form.AppForm>
            </Dialog.Footer>
          </form>
        </Dialog.Content>
      </Dialog.Root>
      {/* Over the form: "Back" (or Escape) returns to it, and focus to its button. */}
      <ConfirmDialog
        open={open && confirming !== null}
        onOpenChange={(next) => {
          if (!next) setConfirming(null);
        }}
        title={questionOf(values?.kind ?? '')}
        amount={Math.abs(amount)}
        sign={sign}
        recipient={
          <>
            {sign === 'debit' ? 'from' : 'to'} {name} ({user.email})
          </>
        }
        memo={values?.memo.trim()}
        confirmLabel={
          <>
            Post <Money amount={Math.abs(amount)} sign={sign} colored={false} />
          </>
        }
        cancelLabel="Back"
        destructive={sign === 'debit'}
        pending={busy}
        error={failure}
        onConfirm={() => (confirming ? post(confirming) : undefined)}
      />
    </>
  );
}
