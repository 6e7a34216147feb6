import { coinTypes } from '@ledgerline/rules/coins';
import { Card, type Coin, formatUsd, QRCode, Spinner, toast } from '@ledgerline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { siteConfig } from '../../../config';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { useMoneyForm } from '../../../forms/moneyForm';
import { submitHandler } from '../../../forms/submitHandler';
import { coinName } from '../../../shared/coins';
import { DashboardPage } from '../../../shared/DashboardPage';
import { showRequestFailure } from '../../../shared/requestFailure';
import { isAmountChosen, toAmountString, usdAmountRule } from '../../../shared/usdAmount';
import { useIdempotencyKey } from '../../../shared/useIdempotencyKey';
import { RequestCompletedDialog } from '../money/RequestCompletedDialog';
import { RiskNotice, WithdrawalRules } from '../money/RequestNotes';
import * as styles from './DepositScreen.css';
import { useWallets, type Wallet } from './useWallets';

/** The receipt rules of the contract: one JPEG, PNG or WebP image of at most 5 MB. */
export const receiptTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const receiptMaxBytes = 5 * 1024 * 1024;

/** Amount required ("Please input deposit amount in USD"); one receipt, an image. */
export const depositSchema = z.object({
  coin: z
    .enum(['', ...coinTypes])
    .check(z.refine((coin) => coin !== '', 'Please choose the coin you are depositing')),
  amount: usdAmountRule('Please input deposit amount in USD'),
  receipt: z.custom<File | null>().check(
    z.refine((file) => file instanceof File, 'Please upload the receipt of your payment'),
    z.refine(
      (file) => !file || (receiptTypes as readonly string[]).includes(file.type),
      'This file type is not accepted. Choose a JPEG, PNG or WebP image.',
    ),
    z.refine((file) => !file || file.size <= receiptMaxBytes, 'This file is larger than 5 MB.'),
  ),
});

type DepositValues = { coin: Coin | ''; amount: string; receipt: File | null };
const emptyDeposit: DepositValues = { coin: '', amount: '', receipt: null };

/** What the page says when no active wallet takes the chosen coin (or the wallets failed to load). */
export function depositsUnavailable(coin: Coin): string {
  return `Deposits in ${coinName(coin)} are not available right now. Please choose another coin or try again later.`;
}

const walletOf = (wallets: Wallet[] | 'loading', coin: Coin | '') =>
  wallets === 'loading' || coin === '' ? undefined : wallets.find((wallet) => wallet.type === coin);

/**
 * /dashboard/deposit: choose a coin and an amount; then the wallet to pay to (address and QR code)
 * and the receipt upload appear, once both are chosen. The request is sent with upload progress and an
 * Idempotency-Key, and a dialog confirms it is awaiting approval.
 */
export function DepositScreen() {
  const wallets = useWallets();
  const formRef = useRef<HTMLFormElement>(null);
  const paymentTitleId = useId();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [completedAmount, setCompletedAmount] = useState<string | null>(null);

  const form = useMoneyForm({
    defaultValues: emptyDeposit,
    validators: { onChange: depositSchema, onSubmit: depositSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      const wallet = walletOf(wallets, value.coin);
      if (value.coin === '' || !value.receipt) return;
      if (!wallet) {
        toast.error(depositsUnavailable(value.coin));
        return;
      }
      const amount = toAmountString(value.amount);
      const parts = { type: value.coin, amount, paymentTo: wallet.address, image: value.receipt };
      const key = idempotency.keyFor([value.coin, amount, wallet.address, value.receipt]);
      setProgress(0);
      try {
        await api.multipart('POST', '/deposits', {
          parts,
          headers: { 'Idempotency-Key': key },
          onProgress: setProgress,
        });
        idempotency.settle();
        form.reset();
        setCompletedAmount(amount);
        // The request now waits for review: the overview's pending figure and the history changed.
        // Fetched again at once, so that a page opened next shows them, not its last answer.
        for (const read of ['/users/user-info', '/transaction-history'])
          void queryClient.invalidateQueries({ queryKey: ['get', read], refetchType: 'all' });
      } catch (error) {
        showRequestFailure(error);
      } finally {
        setProgress(undefined);
      }
    },
  });

  const submitButton = (
    <form.AppForm>
      <form.SubmitButton fullWidth>Submit deposit request</form.SubmitButton>
    </form.AppForm>
  );

  return (
    <DashboardPage
      title="What would you like to deposit?"
      brief="Choose a coin and an amount in US dollars. We then show you the address to pay to. Send the payment, upload its receipt, and we review your deposit."
    >
      <div className={styles.layout}>
        <Card padding="lg">
          <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)}>
            <form.AppField name="coin">{(field) => <field.CoinChoice label="Coin" />}</form.AppField>
            <form.AppField name="amount">
              {(field) => <field.MoneyField label="Amount in USD" required />}
            </form.AppField>
            <form.Subscribe
              selector={(state) => [state.values.coin, state.values.amount, state.isSubmitting] as const}
            >
              {([coin, amount, isSubmitting]) => {
                if (coin === '' || !isAmountChosen(amount)) {
                  return (
                    <>
                      <p className={styles.hint}>
                        Choose a coin and enter an amount to see the address to pay to.
                      </p>
                      {submitButton}
                    </>
                  );
                }
                if (wallets === 'loading') {
                  return (
                    <div className={styles.loading}>
                      <Spinner label="Loading the deposit address" />
                    </div>
                  );
                }
                const wallet = walletOf(wallets, coin);
                if (!wallet) {
                  return (
                    <p className={styles.unavailable} role="status">
                      {depositsUnavailable(coin)}
                    </p>
                  );
                }
                return (
                  <>
                    <section className={styles.payment} aria-labelledby={paymentTitleId}>
                      <h2 id={paymentTitleId} className={styles.paymentTitle}>
                        Pay to this address
                      </h2>
                      <p className={styles.hint}>
                        Send {formatUsd(toAmountString(amount))} worth of {coinName(coin)} to the address
                        below (our {wallet.walletName} wallet), then upload the receipt of your payment.
                      </p>
                      <QRCode
                        src={`${siteConfig.apiBaseUrl}${wallet.image}`}
                        address={wallet.address}
                        coin={coin}
                      />
                    </section>
                    <form.AppField name="receipt">
                      {(field) => (
                        <field.FileField
                          label="Payment receipt"
                          required
                          accept={receiptTypes}
                          maxSize={receiptMaxBytes}
                          // Choosing a file is leaving the field: its error shows at once.
                          onFileChange={() => field.handleBlur()}
                          progress={progress}
                          disabled={isSubmitting}
                        />
                      )}
                    </form.AppField>
                    {submitButton}
                  </>
                );
              }}
            </form.Subscribe>
          </form>
        </Card>
        <div className={styles.notes}>
          <RiskNotice />
          <WithdrawalRules />
        </div>
      </div>
      <RequestCompletedDialog
        kind="deposit"
        amount={completedAmount}
        onClose={() => setCompletedAmount(null)}
      />
    </DashboardPage>
  );
}
