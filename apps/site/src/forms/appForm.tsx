import {
  Button,
  type ButtonProps,
  MoneyField,
  type MoneyFieldProps,
  PasswordField,
  type PasswordFieldProps,
  PhoneField,
  type PhoneFieldProps,
  TextArea,
  type TextAreaProps,
  TextField,
  type TextFieldProps,
} from '@ledgerline/ui';
import { createFormHook, createFormHookContexts } from '@tanstack/react-form';
import { type ReactNode, useCallback } from 'react';
import { fieldError } from './fieldError';

const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

export { useFieldContext };

/** What a bound control takes from its field, so a screen passes only the rest. */
type Bound = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onValueChange' | 'onBlur' | 'error';

/**
 * The field's name, value, change and blur on a text control, and the error to show.
 * `immediateError` is shown while the field has no error of its own to show yet: a message that must
 * not wait until the field is left.
 */
/**
 * Text typed into a prerendered page before its script took over (or before a deferred form's code
 * arrived) is in the control but not in the form: the field takes it as the control mounts
 * (hydrates). Otherwise the next render of the field, set off by typing in another one, would put
 * the empty state back over it. A control typed into and already left counts as left, so its error
 * shows as it would have. Pass the result as the control's `ref`.
 */
function useEarlyTextAdoption(field: ReturnType<typeof useFieldContext<string>>) {
  return useCallback(
    (control: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (!control || control.value === '' || field.state.value !== '') return;
      field.handleChange(control.value);
      if (control !== document.activeElement) field.handleBlur();
    },
    [field],
  );
}

function useTextBinding(immediateError: string | undefined) {
  const field = useFieldContext<string>();
  return {
    ref: useEarlyTextAdoption(field),
    name: field.name,
    value: field.state.value,
    onChange: (event: { target: { value: string } }) => field.handleChange(event.target.value),
    onBlur: field.handleBlur,
    error: fieldError(field) ?? immediateError,
  };
}

type TextBound<Props> = Omit<Props, Bound> & { immediateError?: string };

function BoundTextField({ immediateError, ...props }: TextBound<TextFieldProps>) {
  return <TextField {...props} {...useTextBinding(immediateError)} />;
}

function BoundPasswordField({ immediateError, ...props }: TextBound<PasswordFieldProps>) {
  return <PasswordField {...props} {...useTextBinding(immediateError)} />;
}

/**
 * The 6-digit code an authenticator app shows now, asked for where an action needs a second factor
 * (label "Authentication code", one-time-code autocomplete, a numeric keyboard, at most 6 characters).
 */
function BoundAppCodeField({
  hint = 'The 6-digit code your authenticator app shows now.',
  immediateError,
}: {
  /** @default 'The 6-digit code your authenticator app shows now.' */
  hint?: string | null;
  immediateError?: string;
}) {
  return (
    <TextField
      label="Authentication code"
      hint={hint ?? undefined}
      required
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      spellCheck={false}
      {...useTextBinding(immediateError)}
    />
  );
}

function BoundTextArea({ immediateError, ...props }: TextBound<TextAreaProps>) {
  return <TextArea {...props} {...useTextBinding(immediateError)} />;
}

/**
 * A control that reports its value rather than a change event, typed into (so leaving it is leaving
 * the field): its name, value, change and blur, and the error to show.
 */
function useValueBinding() {
  const field = useFieldContext<string>();
  return {
    // The control shows the adopted text in its own format (a phone number formatted, an amount).
    ref: useEarlyTextAdoption(field),
    name: field.name,
    value: field.state.value,
    onValueChange: (value: string) => field.handleChange(value),
    onBlur: field.handleBlur,
    error: fieldError(field),
  };
}

function BoundPhoneField(props: Omit<PhoneFieldProps, Bound>) {
  return <PhoneField {...props} {...useValueBinding()} />;
}

function BoundMoneyField(props: Omit<MoneyFieldProps, Bound>) {
  return <MoneyField {...props} {...useValueBinding()} />;
}

/**
 * The form's submit button: the ui's Button, busy (a spinner, `aria-busy`, clicks ignored) while the
 * form submits. Render it inside `form.AppForm`.
 */
function SubmitButton(props: Omit<ButtonProps, 'type' | 'loading'>) {
  const form = useFormContext();
  return (
    <form.Subscribe selector={(state) => state.isSubmitting}>
      {(isSubmitting) => <Button type="submit" {...props} loading={isSubmitting} />}
    </form.Subscribe>
  );
}

/**
 * A new password and its confirmation, in that order (autocomplete `new-password`, both required),
 * bound to the form's `password` and `confirmPassword` fields, which the form must have. Render it
 * inside `form.AppForm`. The form's schema says whether they match.
 */
function PasswordPair({
  passwordLabel = 'Password',
  confirmLabel = 'Confirm password',
  passwordHint,
  passwordError,
}: {
  /** @default 'Password' */
  passwordLabel?: string;
  /** @default 'Confirm password' */
  confirmLabel?: string;
  passwordHint?: string;
  /** The server's refusal of the password, shown under it until it is changed. */
  passwordError?: string;
}): ReactNode {
  const form = appForm.useTypedAppFormContext({ defaultValues: { password: '', confirmPassword: '' } });
  return (
    <>
      <form.AppField name="password">
        {(field) => (
          <field.PasswordField
            label={passwordLabel}
            autoComplete="new-password"
            required
            hint={passwordHint}
            immediateError={passwordError}
          />
        )}
      </form.AppField>
      <form.AppField name="confirmPassword">
        {(field) => <field.PasswordField label={confirmLabel} autoComplete="new-password" required />}
      </form.AppField>
    </>
  );
}

/**
 * The form hook of every form: `useAppForm` is `useForm` whose `form.AppField` hands its render
 * function a field with the controls below bound to it (`field.TextField`, `field.PasswordField`,
 * `field.TextArea`, `field.PhoneField`, `field.MoneyField`), and whose `form.AppForm` gives
 * `form.SubmitButton` the form. A control shows its field's error once the field was left or a
 * submit was tried, not while it is first typed into. The controls with heavier code of their own
 * (Select, CoinChoice, Checkbox, FileField) are added in `choiceForm.tsx`, so that a page whose form
 * has none of them does not load them.
 */
export const appForm = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField: BoundTextField,
    PasswordField: BoundPasswordField,
    TextArea: BoundTextArea,
    AppCodeField: BoundAppCodeField,
    PhoneField: BoundPhoneField,
    MoneyField: BoundMoneyField,
  },
  formComponents: { SubmitButton, PasswordPair },
});

export const { useAppForm } = appForm;
