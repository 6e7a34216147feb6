import { clsx } from 'clsx';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import { Button, type ButtonProps } from '../Button/Button';
import {
  compactButton,
  compactWord,
  failureMessage,
  icon,
  inactiveLabel,
  label,
  labels,
} from './CopyButton.css';
import type { CopyState } from './useClipboardCopy';

type CopyButtonProps = Omit<ButtonProps, 'children' | 'loading' | 'asChild'> & {
  /** Where the copy stands: the button says "Copied" while `copied`. */
  state: CopyState;
  /** Words read after "Copy" by screen readers only, e.g. "address" for "Copy address". @default undefined */
  what?: string;
  /** On phones, shows only the icon (the words stay for screen readers). @default false */
  compactOnPhones?: boolean;
};

const copyIcon = (
  <svg viewBox="0 0 16 16" className={icon} aria-hidden="true" focusable="false">
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    <path
      d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    />
  </svg>
);
const checkIcon = (
  <svg viewBox="0 0 16 16" className={icon} aria-hidden="true" focusable="false">
    <path
      d="m3 8.5 3 3 7-7"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** The "Copy" button of CopyField and AddressText: says "Copied" while the copy is fresh. */
export function CopyButton({
  state,
  what,
  compactOnPhones = false,
  variant = 'secondary',
  className,
  ...rest
}: CopyButtonProps) {
  const copied = state === 'copied';
  const word = compactOnPhones ? compactWord : undefined;
  return (
    <Button
      variant={variant}
      className={clsx(compactOnPhones && compactButton, className) || undefined}
      {...rest}
    >
      <span className={labels}>
        <span className={clsx(label, copied && inactiveLabel)}>
          {copyIcon}
          <span className={word}>Copy</span>
          {what && <span className={visuallyHidden}> {what}</span>}
        </span>
        <span className={clsx(label, !copied && inactiveLabel)}>
          {checkIcon}
          <span className={word}>Copied</span>
        </span>
      </span>
    </Button>
  );
}

type CopyStatusProps = {
  /** Where the copy stands. */
  state: CopyState;
  /** Shown when the browser refused to copy. */
  failedText: string;
  /** The element's id, for `aria-describedby`. */
  id?: string;
  /** Placement of the shown refusal in the parent's layout. */
  className?: string;
};

/** Announces the copy to screen readers; shows a refusal to everyone. */
export function CopyStatus({ state, failedText, id, className }: CopyStatusProps) {
  return (
    <p
      id={id}
      role="status"
      className={state === 'failed' ? clsx(failureMessage, className) : visuallyHidden}
    >
      {state === 'copied' ? 'Copied to clipboard' : state === 'failed' ? failedText : ''}
    </p>
  );
}
