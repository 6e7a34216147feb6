import { clsx } from 'clsx';
import { type ComponentPropsWithRef, Fragment, useRef } from 'react';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import { CopyButton, CopyStatus } from '../CopyField/CopyButton';
import { copyResetMs, useClipboardCopy } from '../CopyField/useClipboardCopy';
import { address as addressStyle, group, root, status } from './AddressText.css';

export type AddressTextProps = Omit<ComponentPropsWithRef<'div'>, 'children'> & {
  /** The wallet address, exactly as it must be copied. */
  address: string;
  /** Characters per group on screen. @default 4 */
  groupSize?: number;
  /** Shows a Copy button that puts the exact address (no spaces) on the clipboard. @default true */
  copyable?: boolean;
  /** How long "Copied" shows, in ms. @default 2000 */
  resetAfter?: number;
  /** Called with the address once it is on the clipboard. @default undefined */
  onCopied?: (address: string) => void;
};

function groupsOf(text: string, size: number): string[] {
  const groups: string[] = [];
  for (let start = 0; start < text.length; start += size) groups.push(text.slice(start, start + size));
  return groups;
}

/**
 * A long crypto address, in groups of four monospace characters so a person can compare it piece
 * by piece; wraps between groups. Screen readers hear the address once, whole. Copy takes the
 * exact address.
 */
export function AddressText({
  address,
  groupSize = 4,
  copyable = true,
  resetAfter = copyResetMs,
  onCopied,
  className,
  ...rest
}: AddressTextProps) {
  const groupsRef = useRef<HTMLSpanElement>(null);
  const { state, copy } = useClipboardCopy(resetAfter);

  const handleCopy = async () => {
    if (await copy(address)) onCopied?.(address);
    // Selected on screen, so Ctrl+C copies it by hand (the groups' gaps are margins, not spaces).
    else if (groupsRef.current) window.getSelection()?.selectAllChildren(groupsRef.current);
  };

  return (
    <div className={clsx(root, className)} {...rest}>
      <p className={addressStyle}>
        {/* Chunks are for the eyes; a screen reader would spell them out one by one. */}
        <span ref={groupsRef} aria-hidden="true">
          {groupsOf(address, Math.max(1, groupSize)).map((chunk, index) => (
            // Groups never reorder: the position is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Fragment key={index}>
              {index > 0 && <wbr />}
              <span className={group}>{chunk}</span>
            </Fragment>
          ))}
        </span>
        <span className={visuallyHidden}>{address}</span>
      </p>
      {copyable && (
        <>
          <CopyButton state={state} what="address" onClick={handleCopy} />
          <CopyStatus
            className={status}
            state={state}
            failedText="Your browser did not allow copying. The address is selected: copy it with Ctrl+C (⌘+C on a Mac)."
          />
        </>
      )}
    </div>
  );
}
