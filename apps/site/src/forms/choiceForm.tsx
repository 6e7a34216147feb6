import {
  Checkbox,
  type CheckboxProps,
  type Coin,
  FileField,
  type FileFieldProps,
  Select,
  type SelectProps,
} from '@ledgerline/ui';
import { CoinChoice, type CoinChoiceProps } from '../screens/dashboard/money/CoinChoice';
import { appForm, useFieldContext } from './appForm';
import { fieldError } from './fieldError';

type SelectBound<Value extends string> = Omit<
  SelectProps<Value>,
  'name' | 'value' | 'defaultValue' | 'error'
> & {
  /** The field holds the chosen option's label rather than its value (registration sends the country's name). */
  storeLabel?: boolean;
};

/**
 * A Select bound to its field: name, value, change and the error to show. `onValueChange`, when given,
 * runs after the field took the value. Not its blur: the trigger loses focus to its own list as it
 * opens, which is not leaving the field; a form that counts it passes `onBlur={field.handleBlur}`.
 */
function BoundSelect<Value extends string = string>({
  storeLabel = false,
  options,
  onValueChange,
  ...props
}: SelectBound<Value>) {
  const field = useFieldContext<string>();
  const value = storeLabel
    ? (options.find((option) => option.label === field.state.value)?.value ?? '')
    : (field.state.value as Value | '');
  return (
    <Select<Value>
      {...props}
      name={field.name}
      options={options}
      value={value}
      onValueChange={(next, option) => {
        field.handleChange(storeLabel ? option.label : next);
        onValueChange?.(next, option);
      }}
      error={fieldError(field)}
    />
  );
}

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
 * `useAppForm` with the choice controls bound as well: `field.Select`, `field.CoinChoice`,
 * `field.Checkbox` and `field.FileField`. Their code (Radix Select's positioning above all) is loaded
 * only by the pages whose forms use them.
 */
export const { useAppForm: useChoiceForm } = appForm.extendForm({
  fieldComponents: {
    Select: BoundSelect,
    CoinChoice: BoundCoinChoice,
    Checkbox: BoundCheckbox,
    FileField: BoundFileField,
  },
});
