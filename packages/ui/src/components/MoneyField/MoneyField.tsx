import { type ChangeEvent, type ComponentPropsWithRef, type FocusEvent, useState } from 'react';
import { FieldBox, type FieldLabelProps, splitFieldProps } from '../Field/Field';
import { prefix } from '../Field/Field.css';
import { amountInput } from './MoneyField.css';
import { formatAmount, normalizeAmount, parseAmountInput } from './usdAmount';

export type MoneyFieldProps = Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'children'
> &
  FieldLabelProps & {
    /** The amount as a decimal string, e.g. `"1250.50"` (controlled). */
    value?: string;
    /** The amount at first (uncontrolled). */
    defaultValue?: string;
    /**
     * Called with the amount as a decimal string (`"1250.5"` while typing, `"1250.50"` after leaving
     * the field), never a float. An empty field gives `""`.
     */
    onValueChange?: (amount: string) => void;
  };

/**
 * A labelled amount in US dollars: a `$` before it, digits and one point with at most two decimals,
 * shown grouped (`1,250.50`) when the person leaves the field. Other props go to the `<input>`.
 */
export function MoneyField(props: MoneyFieldProps) {
  const [field, { value, defaultValue, onValueChange, onFocus, onBlur, ...rest }] = splitFieldProps(props);
  const [uncontrolled, setUncontrolled] = useState(() => normalizeAmount(defaultValue ?? ''));
  const [focused, setFocused] = useState(false);
  const amount = value ?? uncontrolled;
  // While typing, the amount as typed; otherwise grouped with two decimals.
  const shown = focused ? amount : formatAmount(amount);

  const update = (next: string) => {
    if (value === undefined) setUncontrolled(next);
    if (next !== amount) onValueChange?.(next);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const element = event.currentTarget;
    const raw = element.value;
    const caret = element.selectionStart ?? raw.length;
    const parsed = parseAmountInput(raw);
    let next: string;
    let nextCaret: number;
    if (parsed === null) {
      // Not an amount (a letter, a second point, a third decimal): the keystroke does nothing.
      next = shown;
      nextCaret = Math.max(0, caret - (raw.length - shown.length));
    } else {
      next = parsed;
      // The caret moves back by the commas, `$` and spaces dropped before it.
      nextCaret = caret - raw.slice(0, caret).replace(/[^,$\s]/g, '').length;
    }
    // Written straight into the input so the caret stays where the person is typing.
    element.value = next;
    element.setSelectionRange(nextCaret, nextCaret);
    if (parsed !== null) update(next);
  };

  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(true);
    onFocus?.(event);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(false);
    update(normalizeAmount(amount));
    onBlur?.(event);
  };

  return (
    <FieldBox {...field}>
      {(controlProps) => (
        <>
          <span className={prefix} aria-hidden="true">
            $
          </span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className={amountInput}
            value={shown}
            onChange={handleChange}
            onFocus={handleFocus}
            onBlur={handleBlur}
            {...controlProps}
            {...rest}
          />
        </>
      )}
    </FieldBox>
  );
}
