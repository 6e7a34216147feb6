import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { type BadgeVariants, badge } from './Badge.css';

export type BadgeProps = ComponentPropsWithRef<'span'> & {
  /** The colour family: pair it with words that carry the meaning too. @default 'neutral' */
  tone?: BadgeVariants['tone'];
  /** A decorative icon before the text (hide it from screen readers: the text must say it all). */
  icon?: ReactNode;
};

/** A short label that classifies something: a tier, a coin, a count. Colour is never the only signal. */
export function Badge({ tone, icon, className, children, ...rest }: BadgeProps) {
  const classes = clsx(badge({ tone }), className);
  return (
    <span className={classes} {...rest}>
      {icon}
      {children}
    </span>
  );
}
