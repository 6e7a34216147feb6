import { clsx } from 'clsx';
import { Toast as RadixToast } from 'radix-ui';
import { type ComponentPropsWithRef, useEffect, useState, useSyncExternalStore } from 'react';
import { CloseSmallIcon } from '../../icons/icons';
import { Spinner } from '../Spinner/Spinner';
import { StatusIcon } from '../StatusBadge/StatusIcon';
import {
  close as closeStyle,
  custom as customStyle,
  icon as iconStyle,
  message as messageStyle,
  type ToasterVariants,
  toast as toastStyle,
  viewport,
} from './Toaster.css';
import { type ToastItem, toast, toastStore } from './toastStore';

function KindIcon({ kind }: { kind: ToastItem['kind'] }) {
  if (kind === 'success' || kind === 'error') {
    return (
      <span className={iconStyle({ kind })}>
        <StatusIcon name={kind} />
      </span>
    );
  }
  if (kind === 'loading') {
    return (
      <span className={iconStyle({ kind })}>
        <Spinner size="sm" label={null} />
      </span>
    );
  }
  return null;
}

function ToastCard({ item, closeLabel }: { item: ToastItem; closeLabel: string }) {
  const dismiss = () => toast.dismiss(item.id);
  // A toast's time on screen counts from when it is on the page: on a busy device the Toaster can
  // mount a while before its viewport takes the toast, and a timer started at mount would close it
  // unseen. Until its element is attached, it has no time limit.
  const [attached, setAttached] = useState(false);
  return (
    <RadixToast.Root
      ref={(node) => {
        if (node) setAttached(true);
      }}
      className={toastStyle}
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismiss();
      }}
      duration={attached ? item.duration : Number.POSITIVE_INFINITY}
      // Errors interrupt (assertive); everything else waits its turn (polite).
      type={item.kind === 'error' ? 'foreground' : 'background'}
    >
      {item.kind === 'custom' ? (
        <div className={customStyle}>{item.render?.({ id: item.id, dismiss })}</div>
      ) : (
        <>
          <KindIcon kind={item.kind} />
          <RadixToast.Title className={messageStyle}>{item.message}</RadixToast.Title>
        </>
      )}
      <RadixToast.Close className={closeStyle} aria-label={closeLabel}>
        <CloseSmallIcon />
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

export type ToasterProps = Omit<ComponentPropsWithRef<typeof RadixToast.Viewport>, 'children'> & {
  /** Where the toasts stack. @default 'top-center' */
  position?: ToasterVariants['position'];
  /** Each toast's close button's accessible name. @default 'Dismiss notification' */
  closeLabel?: string;
};

/**
 * Shows the toasts raised with `toast()`. Mount it once, near the root of the app. Toasts pause
 * while hovered or focused; F8 moves focus to them; Escape or the close button dismisses one.
 */
export function Toaster({ position, closeLabel = 'Dismiss notification', className, ...rest }: ToasterProps) {
  const toasts = useSyncExternalStore(
    toastStore.subscribe,
    toastStore.getSnapshot,
    toastStore.getServerSnapshot,
  );
  // No toast outlives its Toaster (a page, or a story, that goes away takes its toasts with it).
  useEffect(() => () => toast.remove(), []);
  return (
    <RadixToast.Provider swipeDirection={position === 'bottom-center' ? 'down' : 'up'}>
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} closeLabel={closeLabel} />
      ))}
      <RadixToast.Viewport className={clsx(viewport({ position }), className)} {...rest} />
    </RadixToast.Provider>
  );
}
