import { Select, type SelectProps } from '@ledgerline/ui';
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

/**
 * `useAppForm` with a Select bound as well (`field.Select`). Its code (Radix Select's positioning above
 * all) is loaded only by the pages whose forms use it; the money forms add more in `moneyForm.tsx`.
 */
export const choiceForm = appForm.extendForm({ fieldComponents: { Select: BoundSelect } });

export const { useAppForm: useChoiceForm } = choiceForm;
