import { coinNetworks, coinTypes, type Network, networks } from '@ledgerline/rules/coins';
import { typedUsdToCents, usdNumberToCents } from '@ledgerline/rules/usd';
import { Card, type Coin, formatUsd, Select } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { useMoneyForm } from '../../../forms/moneyForm';
import { appCodeProblem } from '../../../forms/rules';
import { submitHandler } from '../../../forms/submitHandler';
import { useClock } from '../../../shared/clock';
import { DashboardPage } from '../../../shared/DashboardPage';
import { chainsToConfirm, networkLabels } from '../../../shared/networks';
import { showRequestFailure } from '../../../shared/requestFailure';
import { securityQuery } from '../../../shared/securityQuery';
import { toAmountString, usdAmountRule } from '../../../shared/usdAmount';
import { useIdempotencyKey } from '../../../shared/useIdempotencyKey';
import { RequestCompletedDialog } from '../money/RequestCompletedDialog';
import { WithdrawalRules } from '../money/RequestNotes';
import { addressProblem } from './addressCheck';
import {
  type AddressBook,
  addressBookQuery,
  formatCountdown,
  HoldCountdown,
  holdLeftMs,
  type SavedAddress,
  useNow,
} from './savedAddresses';
import { type AvailableBalance, useAvailableBalance } from './useAvailableBalance';
import { WithdrawalPauseNotice } from './WithdrawalPauseNotice';
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
  twoFactorCode: z.string(),
});

/**
 * The withdrawal form's rules: each field's own, then those between fields, which zod runs even while
 * another field is invalid (the values always have the right types): the address must fit the
 * network, a look-alike chain must be confirmed, and the amount must not exceed the available balance.
 * With two-factor on, the code from the authenticator app is six digits.
 */
export function withdrawalSchema(balance: AvailableBalance, twoFactorOn = false) {
  return withdrawalFields.check(
    z.superRefine(({ coin, network, address, amount, confirmChain, twoFactorCode }, context) => {
      // Only the app's code approves a withdrawal, never a recovery code.
      const codeProblem = twoFactorOn ? appCodeProblem(twoFactorCode) : null;
      if (codeProblem) context.addIssue({ code: 'custom', path: ['twoFactorCode'], message: codeProblem });
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
      const cents = typedUsdToCents(amount);
      const balanceCents = typeof balance === 'number' ? usdNumberToCents(balance) : null;
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
  twoFactorCode: string;
};
const emptyWithdrawal: WithdrawalValues = {
  coin: '',
  network: '',
  address: '',
  amount: '',
  confirmChain: false,
  twoFactorCode: '',
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
 * Whether the account has two-factor on, so that a withdrawal needs a code from the app. Until the
 * answer comes, or if it fails, the form asks for no code: the server then says that one is needed.
 */
function useTwoFactorOn(): boolean {
  const security = useQuery(securityQuery);
  return security.data?.twoFactorEnabled === true;
}

/** The saved addresses, and whether withdrawals are locked to them; none while unknown. */
function useAddressBook(): AddressBook | null {
  const book = useQuery(addressBookQuery);
  return book.data ?? null;
}

/** A saved address as a choice: "Hardware wallet (bc1q…5mdq)", with its countdown while it is held. */
function savedOption(saved: SavedAddress, lockOn: boolean, now: number) {
  const short = `${saved.address.slice(0, 6)}…${saved.address.slice(-4)}`;
  const left = lockOn ? holdLeftMs(saved, now) : 0;
  return {
    value: saved.address,
    label:
      left > 0
        ? `${saved.label} (${short}), usable in ${formatCountdown(left)}`
        : `${saved.label} (${short})`,
    disabled: left > 0,
  };
}

/**
 * /dashboard/withdrawal: coin, network (reset when the coin changes), destination address checked
 * for the network as it is typed, and an amount up to the available balance. With two-factor on, a
 * code from the authenticator app as well.
 */
export function WithdrawalScreen() {
  const [balance, reloadBalance] = useAvailableBalance();
  const twoFactorOn = useTwoFactorOn();
  const book = useAddressBook();
  const lockOn = book?.lockEnabled === true;
  const clock = useClock();
  const now = useNow(lockOn && book.addresses.some((saved) => holdLeftMs(saved, clock()) > 0));
  const formRef = useRef<HTMLFormElement>(null);
  const idempotency = useIdempotencyKey();
  const [completedAmount, setCompletedAmount] = useState<string | null>(null);

  const schema = useMemo(() => withdrawalSchema(balance, twoFactorOn), [balance, twoFactorOn]);
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
      // The code is not part of what is requested: a retry with a newer code is the same withdrawal.
      const key = idempotency.keyFor([request.type, request.network, request.address, request.amount]);
      try {
        await api.multipart('POST', '/withdrawals', {
          parts: twoFactorOn ? { ...request, twoFactorCode: value.twoFactorCode.trim() } : request,
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
          <WithdrawalPauseNotice />
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
                    // A saved address belongs to one network: the choice starts again.
                    if (lockOn) form.setFieldValue('address', '');
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
                      onValueChange={() => {
                        form.setFieldValue('confirmChain', false);
                        if (lockOn) form.setFieldValue('address', '');
                      }}
                      onBlur={field.handleBlur}
                    />
                  )}
                </form.AppField>
              )}
            </form.Subscribe>
            <form.Subscribe selector={(state) => [state.values.coin, state.values.network] as const}>
              {([coin, network]) => {
                const saved =
                  network === '' ? [] : (book?.addresses ?? []).filter((entry) => entry.network === network);
                if (lockOn) {
                  // Locked: only a saved address past its hold can be chosen; the held ones count down.
                  const held = saved.filter((entry) => holdLeftMs(entry, now) > 0);
                  return (
                    <div className={styles.savedChoice}>
                      <p className={styles.lockNotice}>
                        Withdrawals are locked to your saved addresses. To send to another address, save it
                        first in your profile's Security Information tab.
                      </p>
                      <form.AppField name="address">
                        {(field) => (
                          <field.Select
                            label="Saved address"
                            required
                            options={saved.map((entry) => savedOption(entry, true, now))}
                            placeholder={
                              network === ''
                                ? 'Choose a network first'
                                : saved.length === 0
                                  ? 'No address saved for this network'
                                  : 'Choose a saved address'
                            }
                            disabled={saved.length === 0}
                            onBlur={field.handleBlur}
                          />
                        )}
                      </form.AppField>
                      {held.map((entry) => (
                        <p key={entry._id} className={styles.heldLine}>
                          {entry.label}: <HoldCountdown address={entry} now={now} />
                        </p>
                      ))}
                    </div>
                  );
                }
                return (
                  <form.AppField name="address">
                    {(field) => {
                      // Another network's address, or a complete one that is wrong, is said at once;
                      // anything else once the person leaves the field or submits.
                      const live =
                        coin === '' || network === ''
                          ? null
                          : addressProblem(coin, network, field.state.value);
                      const chosen = saved.find((entry) => entry.address === field.state.value.trim());
                      return (
                        <>
                          {saved.length > 0 && (
                            <Select
                              label="Saved addresses"
                              hint="Fills in the address below."
                              options={saved.map((entry) => savedOption(entry, false, now))}
                              placeholder="Choose a saved address"
                              value={chosen?.address ?? ''}
                              onValueChange={(address) => field.handleChange(address)}
                            />
                          )}
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
                        </>
                      );
                    }}
                  </form.AppField>
                );
              }}
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
            {twoFactorOn ? (
              <form.AppField name="twoFactorCode">
                {(field) => (
                  <field.AppCodeField hint="The 6-digit code your authenticator app shows now. Each code approves one withdrawal." />
                )}
              </form.AppField>
            ) : null}
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
