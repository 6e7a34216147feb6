import { clsx } from 'clsx';
import { Switch as RadixSwitch } from 'radix-ui';
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import * as styles from './Switch.css';

export type SwitchProps = Omit<ComponentPropsWithRef<typeof RadixSwitch.Root>, 'children' | 'asChild'> & {
  /** The setting's name, always visible; clicking it toggles the switch. */
  label: ReactNode;
  /** A sentence under the label that says what the setting does. */
  description?: ReactNode;
};

/**
 * An on/off setting that takes effect at once (Radix Switch), with its label beside it. Click or
 * Space toggles it. Other props (checked, defaultChecked, onCheckedChange, disabled, name…) go to
 * the switch.
 */
export function Switch({ label, description, id, className, disabled, ...rest }: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const descriptionId = description ? `${switchId}-description` : undefined;
  return (
    <div className={clsx(styles.row, className)} data-disabled={disabled || undefined}>
      <div className={styles.text}>
        <label htmlFor={switchId} className={styles.label}>
          {label}
        </label>
        {description && (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        )}
      </div>
      <RadixSwitch.Root
        id={switchId}
        className={styles.root}
        disabled={disabled}
        aria-describedby={descriptionId}
        {...rest}
      >
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
    </div>
  );
}
