import { clsx } from 'clsx';
import { CheckWideLightIcon, CopyIcon } from '../../icons/icons';
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
          <CopyIcon className={icon} />
          <span className={word}>Copy</span>
          {what && <span className={visuallyHidden}> {what}</span>}
        </span>
        <span className={clsx(label, !copied && inactiveLabel)}>
          <CheckWideLightIcon className={icon} />
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
