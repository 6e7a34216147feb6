import { clsx } from 'clsx';
import { type ComponentPropsWithRef, useId, useRef } from 'react';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import { CopyButton, CopyStatus } from './CopyButton';
import {
  label as labelStyle,
  mono as monoStyle,
  root,
  row,
  valueBox,
  value as valueStyle,
} from './CopyField.css';
import { copyResetMs, useClipboardCopy } from './useClipboardCopy';

export type CopyFieldProps = Omit<ComponentPropsWithRef<'div'>, 'children' | 'onCopy'> & {
  /** The text shown and copied, exactly. */
  value: string;
  /** Names the field, e.g. "Your referral link". */
  label: string;
  /** Keeps the label for screen readers only (when a heading nearby already says it). @default false */
  hideLabel?: boolean;
  /** Shows the value in the monospace font (addresses, codes). @default false */
  mono?: boolean;
  /** How long "Copied" shows before the button says "Copy" again, in ms. @default 2000 */
  resetAfter?: number;
  /** Called with the value once it is on the clipboard. @default undefined */
  onCopied?: (value: string) => void;
};

/**
 * A read-only value with a Copy button, e.g. the referral link. The value wraps onto more lines
 * rather than being cut off, and on phones the button shows only its icon. The button says "Copied"
 * for 2000 ms. If the browser refuses, the value is selected and the person is told to copy it.
 */
export function CopyField({
  value,
  label,
  hideLabel = false,
  mono = false,
  resetAfter = copyResetMs,
  onCopied,
  className,
  ...rest
}: CopyFieldProps) {
  const inputId = useId();
  const statusId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const { state, copy } = useClipboardCopy(resetAfter);

  const handleCopy = async () => {
    if (await copy(value)) onCopied?.(value);
    else {
      // Focused and selected, so Ctrl+C (or the long-press menu) copies it by hand.
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  };

  return (
    <div className={clsx(root, className)} {...rest}>
      <label htmlFor={inputId} className={hideLabel ? visuallyHidden : labelStyle}>
        {label}
      </label>
      <div className={row}>
        {/* A textarea, so a long value wraps; the box repeats the value to grow to its height. */}
        <div className={clsx(valueBox, mono && monoStyle)} data-value={value}>
          <textarea
            ref={inputRef}
            id={inputId}
            className={valueStyle}
            value={value}
            rows={1}
            readOnly
            spellCheck={false}
            aria-describedby={state === 'failed' ? statusId : undefined}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <CopyButton state={state} onClick={handleCopy} compactOnPhones />
      </div>
      <CopyStatus
        id={statusId}
        state={state}
        failedText="Your browser did not allow copying. The text is selected: copy it with Ctrl+C (⌘+C on a Mac)."
      />
    </div>
  );
}
