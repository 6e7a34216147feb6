import { isTypedUsdDraft, typedUsdToText } from '@ledgerline/rules/usd';
import { type ChangeEvent, type ComponentPropsWithRef, type FocusEvent, useState } from 'react';
import { FieldBox, type FieldLabelProps, splitFieldProps } from '../Field/Field';
import { prefix } from '../Field/Field.css';
import { amountInput } from './MoneyField.css';

// Amounts stay decimal strings from keyboard to request: a float would turn 0.1 + 0.2 into
// 0.30000000000000004 and 1250.10 into 1250.1 in a ledger. What may be typed, and how it reads as an
// amount, are the rules the site and the server share (@ledgerline/rules/usd).

/**
 * The amount in `text` as a plain decimal string (digits, one point, at most two decimals), or
 * `null` when it is not one. Grouping commas, a `$` and spaces, as in a pasted "$1,250.50", are dropped.
 */
function parseAmountInput(text: string): string | null {
  const cleaned = text.replace(/[,$\s]/g, '');
  return isTypedUsdDraft(cleaned) ? cleaned : null;
}

/** US grouping with two decimals: "1250.5" → "1,250.50"; "" while there is no amount. */
function formatAmount(amount: string): string {
  const normalized = typedUsdToText(amount);
  if (normalized === null) return '';
  const [integer = '0', fraction = '00'] = normalized.split('.');
  return `${integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

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
  const [uncontrolled, setUncontrolled] = useState(() => typedUsdToText(defaultValue ?? '') ?? '');
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
    update(typedUsdToText(amount) ?? '');
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
