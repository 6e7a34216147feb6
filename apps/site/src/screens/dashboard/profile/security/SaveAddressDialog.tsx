import { unwrap } from '@ledgerline/api-client';
import { coinNetworks, coinTypes, type Network, networks } from '@ledgerline/rules/coins';
import { type Coin, paymentMarkNames } from '@ledgerline/ui';
import { useMemo, useRef } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../../api/api';
import { useChoiceForm } from '../../../../forms/choiceForm';
import { focusFirstInvalid } from '../../../../forms/fieldError';
import { appCodeProblem } from '../../../../forms/rules';
import { submitHandler } from '../../../../forms/submitHandler';
import { networkLabels } from '../../../../shared/networks';
import { addressProblem } from '../../withdrawal/addressCheck';
import * as bookStyles from './AddressBookPanel.css';
import { SecurityFormDialog, useRefusal } from './SecurityFormDialog';

/** A label's longest length, as the server allows it. */
const labelMaxLength = 40;

/**
 * The address's fields, with the withdrawal form's own rules and words for the coin, the network and
 * the address, so an address saved here is one the withdrawal form accepts.
 */
export function saveAddressSchema(twoFactorOn: boolean) {
  return z
    .object({
      coin: z
        .enum(['', ...coinTypes])
        .check(z.refine((coin) => coin.length > 0, 'Please choose the coin to withdraw')),
      network: z
        .enum(['', ...networks])
        .check(z.refine((network) => network.length > 0, 'Please choose the network to send on')),
      address: z
        .string()
        .check(z.refine((address) => address.trim() !== '', 'Please provide withdrawal address')),
      label: z.string().check(
        z.refine((label) => label.trim() !== '', 'Please give the address a name'),
        z.refine(
          (label) => label.trim().length <= labelMaxLength,
          `A name has at most ${labelMaxLength} characters`,
        ),
      ),
      twoFactorCode: z.string(),
    })
    .check(
      z.superRefine(({ coin, network, address, twoFactorCode }, context) => {
        if (coin !== '' && network !== '') {
          const problem = addressProblem(coin, network, address);
          if (problem) context.addIssue({ code: 'custom', path: ['address'], message: problem.message });
        }
        const codeProblem = twoFactorOn ? appCodeProblem(twoFactorCode) : null;
        if (codeProblem) context.addIssue({ code: 'custom', path: ['twoFactorCode'], message: codeProblem });
      }),
    );
}

type SaveAddressValues = {
  coin: Coin | '';
  network: Network | '';
  address: string;
  label: string;
  twoFactorCode: string;
};
const emptyAddress: SaveAddressValues = { coin: '', network: '', address: '', label: '', twoFactorCode: '' };

const coinOptions = coinTypes.map((coin) => ({ value: coin, label: paymentMarkNames[coin] }));
const networkOptions = (coin: Coin | '') =>
  coin === '' ? [] : coinNetworks[coin].map((network) => ({ value: network, label: networkLabels[network] }));

export type SaveAddressDialogProps = {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called with `false` when the dialog closes. */
  onOpenChange: (open: boolean) => void;
  /** Whether two-factor is on, so that saving needs a code from the app. */
  twoFactorOn: boolean;
  /** How long a new address waits before it can receive withdrawals while the lock is on, in words. */
  holdText: string;
  /** Called with the server's message once the address is saved. */
  onSaved: (msg: string) => void;
};

/**
 * "Save a withdrawal address": coin, network (reset when the coin changes), the address, checked for
 * the network as it is typed, a name, and a code from the app while two-factor is on. The server's
 * refusal (a wrong code, an address saved already) is shown above the buttons.
 */
export function SaveAddressDialog({
  open,
  onOpenChange,
  twoFactorOn,
  holdText,
  onSaved,
}: SaveAddressDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const refusal = useRefusal();
  const schema = useMemo(() => saveAddressSchema(twoFactorOn), [twoFactorOn]);
  const form = useChoiceForm({
    defaultValues: emptyAddress,
    validators: { onChange: schema, onSubmit: schema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value, formApi }) => {
      const { coin, network } = value;
      if (coin === '' || network === '') return;
      await refusal.attempt(async () => {
        const { msg } = await unwrap(
          api.POST('/users/withdrawal-addresses', {
            body: {
              type: coin,
              network,
              address: value.address.trim(),
              label: value.label.trim(),
              ...(twoFactorOn ? { twoFactorCode: value.twoFactorCode.trim() } : {}),
            },
          }),
        );
        formApi.reset();
        onOpenChange(false);
        onSaved(msg);
      });
    },
  });

  return (
    <SecurityFormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="Save a withdrawal address"
      description={`Copy the address from the wallet you will send to. While the address lock is on, it can receive withdrawals ${holdText}.`}
      form={form}
      formRef={formRef}
      onSubmit={submitHandler(form)}
      refusal={refusal}
      submit={
        <form.AppForm>
          <form.SubmitButton>Save address</form.SubmitButton>
        </form.AppForm>
      }
    >
      <form.AppField name="coin">
        {(field) => (
          <field.Select<Coin>
            label="Coin"
            required
            options={coinOptions}
            placeholder="Select a coin"
            onValueChange={(coin) => {
              // Choosing a coin resets the network. A coin with one network has it chosen.
              const [only, ...others] = coinNetworks[coin];
              form.setFieldValue('network', only && others.length === 0 ? only : '');
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
              />
            )}
          </form.AppField>
        )}
      </form.Subscribe>
      <form.Subscribe selector={(state) => [state.values.coin, state.values.network] as const}>
        {([coin, network]) => (
          <form.AppField name="address">
            {(field) => {
              const live =
                coin === '' || network === '' ? null : addressProblem(coin, network, field.state.value);
              return (
                <field.TextField
                  label="Address"
                  required
                  autoComplete="off"
                  autoCapitalize="off"
                  autoCorrect="off"
                  spellCheck={false}
                  className={bookStyles.monoField}
                  immediateError={live?.immediate ? live.message : undefined}
                />
              );
            }}
          </form.AppField>
        )}
      </form.Subscribe>
      <form.AppField name="label">
        {(field) => (
          <field.TextField
            label="Name"
            hint={`How you will know it, such as "Hardware wallet". At most ${labelMaxLength} characters.`}
            required
            maxLength={labelMaxLength + 10}
          />
        )}
      </form.AppField>
      {twoFactorOn ? (
        <form.AppField name="twoFactorCode">{(field) => <field.AppCodeField />}</form.AppField>
      ) : null}
    </SecurityFormDialog>
  );
}
