import type { AnyFieldApi } from '@tanstack/react-form';
import { fieldError } from './fieldError';

/**
 * Binds a control that reports its value rather than a change event (Select, PhoneField, MoneyField,
 * CoinChoice) to a TanStack Form field: its name, value and change, and the error to show. Spread it
 * on the control: `<Select {...valueFieldProps(field)} />`. Not its blur: a Select's trigger loses
 * focus to its own list as it opens, which is not leaving the field; controls typed into add
 * `onBlur={field.handleBlur}` themselves.
 */
export function valueFieldProps<Value extends string = string>(field: AnyFieldApi) {
  return {
    name: field.name,
    value: field.state.value as Value | '',
    onValueChange: (value: Value) => field.handleChange(value),
    error: fieldError(field),
  };
}
