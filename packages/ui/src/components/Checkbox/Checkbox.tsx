import { clsx } from 'clsx';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { CheckBoldIcon, MinusBoldIcon } from '../../icons/icons';
import { FieldError } from '../Field/Field';
import * as styles from './Checkbox.css';

export type CheckboxProps = Omit<ComponentPropsWithRef<typeof RadixCheckbox.Root>, 'children' | 'asChild'> & {
  /** What ticking it means, always visible; clicking it ticks the box. */
  label: ReactNode;
  /** More detail under the label, linked with `aria-describedby`. */
  description?: ReactNode;
  /** The error message under the label (e.g. terms not accepted); sets `aria-invalid`. */
  error?: ReactNode;
};

/**
 * A labelled yes/no choice submitted with a form (Radix Checkbox): accepting the terms, opting in.
 * Click, a click on the label, or Space ticks it. Other props (checked, defaultChecked,
 * onCheckedChange, required, name…) go to the checkbox.
 */
export function Checkbox({
  label,
  description,
  error,
  id,
  className,
  disabled,
  checked,
  ...rest
}: CheckboxProps) {
  const generatedId = useId();
  const checkboxId = id ?? generatedId;
  const descriptionId = description ? `${checkboxId}-description` : undefined;
  const errorId = error ? `${checkboxId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx(styles.row, className)} data-disabled={disabled || undefined}>
      <span className={styles.boxCell}>
        <RadixCheckbox.Root
          id={checkboxId}
          className={styles.box}
          disabled={disabled}
          checked={checked}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          {...rest}
        >
          <RadixCheckbox.Indicator className={styles.indicator}>
            {checked === 'indeterminate' ? (
              <MinusBoldIcon className={styles.icon} />
            ) : (
              <CheckBoldIcon className={styles.icon} />
            )}
          </RadixCheckbox.Indicator>
        </RadixCheckbox.Root>
      </span>
      <label htmlFor={checkboxId} className={styles.label}>
        {label}
      </label>
      {description && (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      )}
      {error && (
        <FieldError id={errorId} className={styles.below}>
          {error}
        </FieldError>
      )}
    </div>
  );
}
