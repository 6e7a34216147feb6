import {
  Checkbox,
  type CheckboxProps,
  type Coin,
  CoinChoice,
  type CoinChoiceProps,
  FileField,
  type FileFieldProps,
} from '@ledgerline/ui';
import { useFieldContext } from './appForm';
import { choiceForm } from './choiceForm';
import { fieldError } from './fieldError';

/** The coin radios bound to their field; `onValueChange`, when given, runs after the field took the coin. */
function BoundCoinChoice({
  onValueChange,
  ...props
}: Omit<CoinChoiceProps, 'name' | 'value' | 'onValueChange' | 'onBlur' | 'error'> & {
  onValueChange?: (coin: Coin) => void;
}) {
  const field = useFieldContext<Coin | ''>();
  return (
    <CoinChoice
      {...props}
      name={field.name}
      value={field.state.value}
      onValueChange={(coin) => {
        field.handleChange(coin);
        onValueChange?.(coin);
      }}
      onBlur={field.handleBlur}
      error={fieldError(field)}
    />
  );
}

/** A checkbox bound to a yes/no field: ticked is `true`, anything else `false`. */
function BoundCheckbox(
  props: Omit<CheckboxProps, 'name' | 'checked' | 'defaultChecked' | 'onCheckedChange' | 'onBlur' | 'error'>,
) {
  const field = useFieldContext<boolean>();
  return (
    <Checkbox
      {...props}
      name={field.name}
      checked={field.state.value}
      onCheckedChange={(checked) => field.handleChange(checked === true)}
      onBlur={field.handleBlur}
      error={fieldError(field)}
    />
  );
}

/** A file field bound to a `File | null` field; `onFileChange`, when given, runs after the field took the file. */
function BoundFileField({ onFileChange, ...props }: Omit<FileFieldProps, 'name' | 'file' | 'error'>) {
  const field = useFieldContext<File | null>();
  return (
    <FileField
      {...props}
      name={field.name}
      file={field.state.value}
      onFileChange={(file) => {
        field.handleChange(file);
        onFileChange?.(file);
      }}
      error={fieldError(field)}
    />
  );
}

/**
 * The money forms' hook (deposit, withdrawal, KYC): `useChoiceForm` with `field.CoinChoice`,
 * `field.Checkbox` and `field.FileField` bound as well, kept out of the sign-up and profile forms.
 */
export const { useAppForm: useMoneyForm } = choiceForm.extendForm({
  fieldComponents: {
    CoinChoice: BoundCoinChoice,
    Checkbox: BoundCheckbox,
    FileField: BoundFileField,
  },
});
