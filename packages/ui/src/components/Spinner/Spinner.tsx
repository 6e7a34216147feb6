import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
import { type SpinnerVariants, spinner } from './Spinner.css';

export type SpinnerProps = Omit<ComponentPropsWithRef<'span'>, 'children'> &
  SpinnerVariants & {
    /** What is loading, for screen readers. `null` hides the spinner from them (a labelled parent speaks for it). @default 'Loading' */
    label?: string | null;
  };

/** An indeterminate progress ring. Announced as a status unless a parent labels the wait. */
export function Spinner({ label = 'Loading', size, className, ...rest }: SpinnerProps) {
  const classes = clsx(spinner({ size }), className);
  if (label === null) return <span aria-hidden="true" className={classes} {...rest} />;
  return <span role="status" aria-label={label} className={classes} {...rest} />;
}
