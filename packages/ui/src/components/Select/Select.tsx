import { Select as RadixSelect } from 'radix-ui';
import type { ComponentPropsWithRef } from 'react';
import { CheckWideIcon, ChevronDownBoldIcon } from '../../icons/icons';
import { Field, type FieldLabelProps } from '../Field/Field';
import * as styles from './Select.css';
// The page-lock rules for the open list (body[data-scroll-locked]).
import '../../styles/scrollLock.css';

/** One choice of a Select: `value` is what the form stores, `label` what a person reads. */
export type SelectOption<Value extends string = string> = {
  value: Value;
  label: string;
  /** Shown but cannot be chosen. */
  disabled?: boolean;
};

export type SelectProps<Value extends string = string> = Omit<
  ComponentPropsWithRef<'button'>,
  'value' | 'defaultValue' | 'onChange' | 'children' | 'dir'
> &
  FieldLabelProps & {
    /** The choices, in the order shown. */
    options: readonly SelectOption<Value>[];
    /** The chosen value (controlled); `''` shows the placeholder. */
    value?: Value | '';
    /** The value chosen at first (uncontrolled). */
    defaultValue?: Value;
    /** Called with the chosen value and its whole option (for forms that send the label, like the country). */
    onValueChange?: (value: Value, option: SelectOption<Value>) => void;
    /** Shown until something is chosen. @default 'Select…' */
    placeholder?: string;
    /** The name the value is submitted under in a native form. */
    name?: string;
    /** Adds "(required)" to the label and marks the choice as required. @default false */
    required?: boolean;
    /** Opens the list (controlled). */
    open?: boolean;
    /** Called when the list opens or closes. */
    onOpenChange?: (open: boolean) => void;
  };

/**
 * A labelled single choice from a list (Radix Select): opens with a click, Enter, Space or the
 * arrows; arrows move, typing jumps to a match, Enter chooses, Escape closes. Other props go to the
 * trigger button.
 */
export function Select<Value extends string = string>({
  label,
  hint,
  error,
  optional,
  required,
  disabled,
  id,
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder = 'Select…',
  name,
  open,
  onOpenChange,
  className,
  ...rest
}: SelectProps<Value>) {
  const handleValueChange = (next: string) => {
    const option = options.find((candidate) => candidate.value === next);
    if (option) onValueChange?.(option.value, option);
  };
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      required={required}
      disabled={disabled}
      controlId={id}
      className={className}
    >
      {({ required: isRequired, disabled: isDisabled, ...controlProps }) => (
        <RadixSelect.Root
          value={value}
          defaultValue={defaultValue}
          onValueChange={handleValueChange}
          name={name}
          required={isRequired}
          disabled={isDisabled}
          open={open}
          onOpenChange={onOpenChange}
        >
          <RadixSelect.Trigger className={styles.trigger} {...controlProps} {...rest}>
            <span className={styles.value}>
              <RadixSelect.Value placeholder={placeholder} />
            </span>
            <RadixSelect.Icon className={styles.icon}>
              <ChevronDownBoldIcon className={styles.chevron} />
            </RadixSelect.Icon>
          </RadixSelect.Trigger>
          <RadixSelect.Portal>
            <RadixSelect.Content className={styles.content} position="popper" sideOffset={4}>
              <RadixSelect.ScrollUpButton className={styles.scrollButton}>
                <ChevronDownBoldIcon className={styles.scrollUp} />
              </RadixSelect.ScrollUpButton>
              <RadixSelect.Viewport className={styles.viewport}>
                {options.map((option) => (
                  <RadixSelect.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    className={styles.item}
                  >
                    <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                    <RadixSelect.ItemIndicator className={styles.indicator}>
                      <CheckWideIcon className={styles.check} />
                    </RadixSelect.ItemIndicator>
                  </RadixSelect.Item>
                ))}
              </RadixSelect.Viewport>
              <RadixSelect.ScrollDownButton className={styles.scrollButton}>
                <ChevronDownBoldIcon className={styles.scrollDown} />
              </RadixSelect.ScrollDownButton>
            </RadixSelect.Content>
          </RadixSelect.Portal>
        </RadixSelect.Root>
      )}
    </Field>
  );
}
