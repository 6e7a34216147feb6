import { clsx } from 'clsx';
import { Slot } from 'radix-ui';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { type LogoVariants, logo, mark, markLines } from './Logo.css';

export type LogoProps = Omit<ComponentPropsWithRef<'a'>, 'children'> &
  LogoVariants & {
    /** The product's name, written beside the mark; also the link's accessible name. @default 'Ledgerline' */
    productName?: string;
    /** Where the logo links to (usually `/`). Without `href` or `asChild` the logo is not a link. @default undefined */
    href?: string;
    /** Renders the single child (a router's link, say) with the mark and the name inside it. @default false */
    asChild?: boolean;
    /** With `asChild`: the link element to wrap, e.g. `<Link to="/" />`. @default undefined */
    children?: ReactNode;
  };

/** The mark: a rising line through a ledger's ruled lines. Decorative: the name says who we are. */
function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" className={mark} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <g fill="none" className={markLines} strokeLinecap="round" strokeLinejoin="round">
        <path strokeOpacity="0.45" strokeWidth="1.5" d="M8 11.5h16M8 16h16M8 20.5h16" />
        <path strokeWidth="2.5" d="m7.5 22.5 6-6.5 4 3.5 7-9" />
      </g>
    </svg>
  );
}

/**
 * The product's mark and name. A link home with `href` (an `<a>`), or wrapping a router's link with
 * `asChild`; otherwise plain text, e.g. above a sign-in form that links elsewhere.
 */
export function Logo({
  productName = 'Ledgerline',
  href,
  asChild = false,
  size,
  className,
  children,
  ...rest
}: LogoProps) {
  const classes = clsx(logo({ size }), className);
  const content = (
    <>
      <LogoMark />
      <span>{productName}</span>
    </>
  );
  if (asChild) {
    return (
      <Slot.Root className={classes} {...rest}>
        {content}
        <Slot.Slottable>{children}</Slot.Slottable>
      </Slot.Root>
    );
  }
  if (href !== undefined) {
    return (
      <a href={href} className={classes} {...rest}>
        {content}
      </a>
    );
  }
  return (
    <span className={classes} {...(rest as ComponentPropsWithRef<'span'>)}>
      {content}
    </span>
  );
}
