import { formatPhoneAsTyped } from '@ledgerline/rules/phone';
import { type ChangeEvent, type ComponentPropsWithRef, useState } from 'react';
import { FieldBox, type FieldLabelProps, splitFieldProps } from '../Field/Field';
import { input } from '../Field/Field.css';
import { caretAfterDigits, countDigits } from './phoneCaret';

export type PhoneFieldProps = Omit<
  ComponentPropsWithRef<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'children'
> &
  FieldLabelProps & {
    /**
     * The country (two-letter code) whose way of writing numbers the field follows; a number starting
     * with `+` and another country's code is written as that country writes it.
     * @default 'US'
     */
    country?: string;
    /** The number (controlled); shown formatted whatever its form. */
    value?: string;
    /** The number at first (uncontrolled). */
    defaultValue?: string;
    /** Called with the formatted number, e.g. `+1 (555) 123-4567` or `07700 900123`, on every change. */
    onValueChange?: (formatted: string) => void;
  };

const isDigit = (character: string) => character >= '0' && character <= '9';

/**
 * A labelled phone number, formatted as it is typed or pasted the way its country writes numbers: in
 * the US an optional `+1 ` then `(xxx) xxx-xxxx`, in the United Kingdom `07700 900123`, and any
 * number given with `+` and its country code in that country's international form. Backspace and
 * Delete step over the separators. Other props go to the `<input>`.
 */
export function PhoneField(props: PhoneFieldProps) {
  const [field, { country = 'US', value, defaultValue, onValueChange, autoComplete = 'tel', ...rest }] =
    splitFieldProps(props);
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  const format = (text: string) => formatPhoneAsTyped(text, country);
  // Formatted at every render, so a change of country regroups the digits already typed.
  const shown = format(value === undefined ? uncontrolled : value);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const element = event.currentTarget;
    const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
    let raw = element.value;
    let caret = element.selectionStart ?? raw.length;

    // Backspace or Delete that removed only a separator removes the digit beyond it too.
    if (raw.length < shown.length && countDigits(raw) === countDigits(shown)) {
      if (inputType === 'deleteContentBackward') {
        let index = caret - 1;
        while (index >= 0 && !isDigit(raw.charAt(index))) index--;
        if (index >= 0) {
          raw = raw.slice(0, index) + raw.slice(index + 1);
          caret = index;
        }
      } else if (inputType === 'deleteContentForward') {
        let index = caret;
        while (index < raw.length && !isDigit(raw.charAt(index))) index++;
        if (index < raw.length) raw = raw.slice(0, index) + raw.slice(index + 1);
      }
    }

    let next = format(raw);
    let nextCaret: number;
    if (
      countDigits(raw) > countDigits(shown) &&
      countDigits(next) <= countDigits(shown) &&
      inputType !== 'insertFromPaste'
    ) {
      // A number as long as its country's can be takes no more typed digits (a paste replaces it,
      // trimmed to what fits).
      next = shown;
      nextCaret = Math.max(0, caret - (raw.length - shown.length));
    } else {
      nextCaret = caretAfterDigits(next, countDigits(raw.slice(0, caret)));
    }

    // Write the formatted text and caret straight into the input, so the caret stays where the
    // person is typing instead of jumping to the end when React re-renders.
    element.value = next;
    element.setSelectionRange(nextCaret, nextCaret);
    if (value === undefined) setUncontrolled(next);
    if (next !== shown) onValueChange?.(next);
  };

  return (
    <FieldBox {...field}>
      {(controlProps) => (
        <>
          <input
            type="tel"
            inputMode="tel"
            autoComplete={autoComplete}
            className={input}
            value={shown}
            onChange={handleChange}
            {...controlProps}
            {...rest}
          />
        </>
      )}
    </FieldBox>
  );
}
