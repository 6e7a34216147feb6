import { coinTypes, networks } from '@ledgerline/api-client/catalog';
import { Card, type Coin, formatUsd } from '@ledgerline/ui';
import { useMemo, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { useMoneyForm } from '../../../forms/moneyForm';
import { submitHandler } from '../../../forms/submitHandler';
import { RequestCompletedDialog } from '../money/RequestCompletedDialog';
import { WithdrawalRules } from '../money/RequestNotes';
import { showRequestFailure } from '../money/requestFailure';
import { amountCents, toAmountString, usdAmountRule, usdCents } from '../money/usdAmount';
import { useIdempotencyKey } from '../money/useIdempotencyKey';
import { DashboardPage } from '../shared/DashboardPage';
import { addressProblem } from './addressCheck';
import { chainsToConfirm, coinNetworks, type Network, networkLabels } from './networks';
import { type AvailableBalance, useAvailableBalance } from './useAvailableBalance';
import * as styles from './WithdrawalScreen.css';

/** The fields and their own rules: address required ("Please provide withdrawal address"); amount required ("Please input withdrawal amount in USD"). */
const withdrawalFields = z.object({
  // `.length > 0`, not `!== ''`: TypeScript would read the latter as a type guard and narrow '' away,
  // yet the checks between fields below still see an empty choice.
  coin: z
    .enum(['', ...coinTypes])
    .check(z.refine((coin) => coin.length > 0, 'Please choose the coin to withdraw')),
  network: z
    .enum(['', ...networks])
    .check(z.refine((network) => network.length > 0, 'Please choose the network to send on')),
  address: z
    .string()
    .check(z.refine((address) => address.trim() !== '', 'Please provide withdrawal address')),
  amount: usdAmountRule('Please input withdrawal amount in USD'),
  confirmChain: z.boolean(),
});

/**
 * The withdrawal form's rules: each field's own, then those between fields, which zod runs even while
 * another field is invalid (the values always have the right types): the address must fit the
 * network, a look-alike chain must be confirmed, and the amount must not exceed the available balance.
 */
export function withdrawalSchema(balance: AvailableBalance) {
  return withdrawalFields.check(
    z.superRefine(({ coin, network, address, amount, confirmChain }, context) => {
      if (coin !== '' && network !== '') {
        const problem = addressProblem(coin, network, address);
        if (problem) context.addIssue({ code: 'custom', path: ['address'], message: problem.message });
      }
      const chain = network === '' ? undefined : chainsToConfirm[network];
      if (chain && !confirmChain) {
        context.addIssue({
          code: 'custom',
          path: ['confirmChain'],
          message: `Please confirm that the address is on ${chain}`,
        });
      }
      // A balance that does not read as whole cents is not compared here: the server compares again.
      const cents = amountCents(amount);
      const balanceCents = typeof balance === 'number' ? usdCents(balance) : null;
      if (balanceCents !== null && cents !== null && cents > balanceCents) {
        context.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `The amount is more than your available balance of ${formatUsd(balance)}.`,
        });
      }
    }),
  );
}

type WithdrawalValues = {
  coin: Coin | '';
  network: Network | '';
  address: string;
  amount: string;
  confirmChain: boolean;
};
const emptyWithdrawal: WithdrawalValues = {
  coin: '',
  network: '',
  address: '',
  amount: '',
  confirmChain: false,
};

/** The networks of a coin as Select options. */
const networkOptions = (coin: Coin | '') =>
  coin === '' ? [] : coinNetworks[coin].map((network) => ({ value: network, label: networkLabels[network] }));

function balanceHint(balance: AvailableBalance): string {
  if (balance === 'loading') return 'Loading your available balance…';
  if (balance === 'failed')
    return 'Your available balance could not be loaded. It is checked when you submit.';
  return `Available balance: ${formatUsd(balance)}`;
}

/**
 * /dashboard/withdrawal: coin, network (reset when the coin changes), destination address checked
 * for the network as it is typed, and an amount up to the available balance.
 */
export function WithdrawalScreen() {
  const [balance, reloadBalance] = useAvailableBalance();
  const formRef = useRef<HTMLFormElement>(null);
  const idempotency = useIdempotencyKey();
  const [completedAmount, setCompletedAmount] = useState<string | null>(null);

  const schema = useMemo(() => withdrawalSchema(balance), [balance]);
  const form = useMoneyForm({
    defaultValues: emptyWithdrawal,
    validators: { onChange: schema, onSubmit: schema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      if (value.coin === '' || value.network === '') return;
      const request = {
        type: value.coin,
        network: value.network,
        address: value.address.trim(),
        amount: toAmountString(value.amount),
      };
      const key = idempotency.keyFor([request.type, request.network, request.address, request.amount]);
      try {
        await api.multipart('POST', '/withdrawals', {
          parts: request,
          headers: { 'Idempotency-Key': key },
        });
        idempotency.settle();
        form.reset();
        setCompletedAmount(request.amount);
        // The amount is now held: the available balance has fallen.
        reloadBalance();
      } catch (error) {
        showRequestFailure(error);
      }
    },
  });

  return (
    <DashboardPage
      title="What would you like to Withdraw today?"
      brief="Choose the coin and the network, paste the address of the wallet you are sending to, and enter the amount in US dollars. Our staff review every withdrawal before it is sent."
    >
      <div className={styles.layout}>
        <Card padding="lg">
          <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)}>
            <form.AppField name="coin">
              {(field) => (
                <field.CoinChoice
                  label="Coin"
                  onValueChange={(coin) => {
                    // Choosing a coin resets the network. A coin with one network has it chosen.
                    const [only, ...others] = coinNetworks[coin];
                    form.setFieldValue('network', only && others.length === 0 ? only : '');
                    form.setFieldValue('confirmChain', false);
                  }}
                />
              )}
            </form.AppField>
            <form.Subscribe selector={(state) => state.values.coin}>
              {(coin) => (
                <form.AppField name="network">
                  {(field) => (
                    <field.Select<Network>
                      label="Network"
                      required
                      options={networkOptions(coin)}
                      placeholder={coin === '' ? 'Choose a coin first' : 'Select a network'}
                      disabled={coin === ''}
                      onValueChange={() => form.setFieldValue('confirmChain', false)}
                      onBlur={field.handleBlur}
                    />
                  )}
                </form.AppField>
              )}
            </form.Subscribe>
            <form.Subscribe selector={(state) => [state.values.coin, state.values.network] as const}>
              {([coin, network]) => (
                <form.AppField name="address">
                  {(field) => {
                    // Another network's address, or a complete one that is wrong, is said at once;
                    // anything else once the person leaves the field or submits.
                    const live =
                      coin === '' || network === '' ? null : addressProblem(coin, network, field.state.value);
                    return (
                      <field.TextField
                        label="Withdrawal address"
                        hint="The address of the wallet you are sending to, on the network chosen above."
                        required
                        autoComplete="off"
                        autoCapitalize="off"
                        autoCorrect="off"
                        spellCheck={false}
                        className={styles.address}
                        immediateError={live?.immediate ? live.message : undefined}
                      />
                    );
                  }}
                </form.AppField>
              )}
            </form.Subscribe>
            <form.Subscribe selector={(state) => state.values.network}>
              {(network) => {
                const chain = network === '' ? undefined : chainsToConfirm[network];
                if (!chain) return null;
                return (
                  <form.AppField name="confirmChain">
                    {(field) => (
                      <field.Checkbox
                        label={`I confirm this address is on ${chain}`}
                        description="ERC-20 and BEP-20 addresses look the same. Money sent on the wrong chain can be lost."
                      />
                    )}
                  </form.AppField>
                );
              }}
            </form.Subscribe>
            <form.AppField name="amount">
              {(field) => <field.MoneyField label="Amount in USD" hint={balanceHint(balance)} required />}
            </form.AppField>
            <form.AppForm>
              <form.SubmitButton fullWidth>Submit withdrawal request</form.SubmitButton>
            </form.AppForm>
          </form>
        </Card>
        <div className={styles.notes}>
          <WithdrawalRules />
        </div>
      </div>
      <RequestCompletedDialog
        kind="withdrawal"
        amount={completedAmount}
        onClose={() => setCompletedAmount(null)}
      />
    </DashboardPage>
  );
}
