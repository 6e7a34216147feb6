import { ApiError, type Schemas, unwrap } from '@ledgerline/api-client';
import { centsToUsdNumber } from '@ledgerline/api-client/usd';
import { Button, Dialog, Money, toast } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { useChoiceForm } from '../../../forms/choiceForm';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { requiredText } from '../../../forms/rules';
import { submitHandler } from '../../../forms/submitHandler';
import { amountCents, usdAmountRule } from '../../dashboard/money/usdAmount';
import { useIdempotencyKey } from '../../dashboard/money/useIdempotencyKey';
import * as styles from '../review/ReviewQueue.css';

type Kind = Schemas['LedgerEntryKind'];

const kindOptions: { value: Kind; label: string }[] = [
  { value: 'profit', label: 'Profit (a credit)' },
  { value: 'bonus', label: 'Bonus (a credit)' },
  { value: 'adjustment', label: 'Adjustment (a credit or a debit)' },
];
const directionOptions = [
  { value: 'credit', label: 'Credit: adds to their balance' },
  { value: 'debit', label: 'Debit: takes from their balance' },
] as const;

/** A posting: what kind, how much (a profit or a bonus only ever adds), and why. */
const postingSchema = z.object({
  kind: z.string().check(z.minLength(1, 'Kind is required')),
  direction: z.string(),
  amount: usdAmountRule('Amount is required'),
  memo: requiredText('Memo is required').check(z.maxLength(500, 'Memo must be at most 500 characters')),
});

type PostingValues = z.infer<typeof postingSchema>;

/** The signed amount a posting moves, in US dollars: a debit only for an adjustment that says so. */
function signedAmount(value: PostingValues): number {
  const cents = amountCents(value.amount) ?? 0;
  return centsToUsdNumber(value.kind === 'adjustment' && value.direction === 'debit' ? -cents : cents);
}

export type PostingDialogProps = {
  open: boolean;
  user: Schemas['AdminUserDetail'];
  onClose: () => void;
  /** After the posting: the user's page loads again. */
  onPosted: () => void;
};

/**
 * Posts a profit, a bonus or an adjustment to a user's ledger: the form, then a confirmation that
 * repeats the amount with its sign and the user. One Idempotency-Key per posting meant: a retry of
 * the same values never posts twice.
 */
export function PostingDialog({ open, user, onClose, onPosted }: PostingDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState<PostingValues | null>(null);
  const [busy, setBusy] = useState(false);
  const { keyFor, settle } = useIdempotencyKey();
  const form = useChoiceForm({
    defaultValues: { kind: '', direction: 'credit', amount: '', memo: '' } as PostingValues,
    validators: { onChange: postingSchema, onSubmit: postingSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: ({ value }) => setConfirming(value),
  });

  const close = () => {
    if (busy) return;
    setConfirming(null);
    form.reset();
    onClose();
  };

  const post = async (value: PostingValues) => {
    const amount = signedAmount(value);
    const body = { kind: value.kind as Kind, amount, memo: value.memo.trim() };
    setBusy(true);
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
      toast.success(answer.msg);
      setConfirming(null);
      form.reset();
      onPosted();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.msg : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <Dialog.Content>
        <Dialog.Title>Post to the ledger</Dialog.Title>
        <Dialog.Description>
          Of <span className={styles.name}>{user.fullname}</span> ({user.email}).
        </Dialog.Description>
        {confirming ? (
          <>
            <Dialog.Body>
              <p className={styles.confirm}>
                Post {confirming.kind === 'adjustment' ? 'an adjustment' : `a ${confirming.kind}`} of{' '}
                <Money
                  amount={Math.abs(signedAmount(confirming))}
                  sign={signedAmount(confirming) < 0 ? 'debit' : 'credit'}
                  display="symbol"
                />{' '}
                to <span className={styles.name}>{user.fullname}</span>? Memo: “{confirming.memo.trim()}”.
              </p>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="secondary" disabled={busy} onClick={() => setConfirming(null)}>
                Back
              </Button>
              <Button loading={busy} onClick={() => void post(confirming)}>
                Post{' '}
                <Money
                  amount={Math.abs(signedAmount(confirming))}
                  sign={signedAmount(confirming) < 0 ? 'debit' : 'credit'}
                  display="symbol"
                  colored={false}
                />
              </Button>
            </Dialog.Footer>
          </>
        ) : (
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
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
