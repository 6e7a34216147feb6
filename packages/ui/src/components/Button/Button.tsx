import { clsx } from 'clsx';
import { Slot } from 'radix-ui';
import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { Spinner } from '../Spinner/Spinner';
import {
  type ButtonVariants,
  button,
  disabled as disabledStyle,
  labelHidden,
  spinnerSlot,
} from './Button.css';

export type ButtonProps = ComponentPropsWithRef<'button'> &
  ButtonVariants & {
    /** Shows a spinner in place of the label, keeps the button's size, sets `aria-busy` and ignores clicks. @default false */
    loading?: boolean;
    /** Renders the single child (a link, say) with the button's styles and behaviour instead of a `<button>`. @default false */
    asChild?: boolean;
  };

/** The product's one button: an action in a form, a dialog or a page. Use `asChild` with a link for navigation. */
export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  asChild = false,
  disabled = false,
  className,
  children,
  onClick,
  type,
  ...rest
}: ButtonProps) {
  const classes = clsx(button({ variant, size, fullWidth }), disabled && disabledStyle, className);
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // A loading button stays focusable (focus is not lost mid-submit) but does nothing.
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  if (asChild) {
    return (
      <Slot.Root className={classes} aria-disabled={disabled || undefined} onClick={handleClick} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      // A button inside a form submits only when asked to.
      type={type ?? 'button'}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      <span className={loading ? labelHidden : undefined}>{children}</span>
      {loading && (
        <span className={spinnerSlot}>
          <Spinner size="sm" label={null} />
        </span>
      )}
    </button>
  );
}
