import { clsx } from 'clsx';
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { type CoinIconVariants, coinIcon } from './CoinIcon.css';
import { type PaymentMark, paymentMarkNames } from './coins';

// The marks are pictures, drawn here so no image is fetched: their brand colours belong to the
// picture (like a logo file), not to the theme, and read the same in light and dark.
const marks: Record<PaymentMark, ReactNode> = {
  bitcoin: (
    <>
      <circle cx="16" cy="16" r="16" fill="#F7931A" />
      <g fill="#FFFFFF" transform="rotate(12 16 16)">
        <path
          fillRule="evenodd"
          d="M10.5 8.5H18c2.9 0 4.4 1.5 4.4 3.6 0 1.5-.8 2.5-2 3 1.8.4 3 1.8 3 3.8 0 2.7-1.9 4.6-5.2 4.6h-7.7v-2.3h1.6V10.8h-1.6Zm4.6 2.4v3.9h2.5c1.4 0 2.1-.7 2.1-1.95 0-1.25-.7-1.95-2.1-1.95Zm0 6.2v4h3c1.5 0 2.3-.75 2.3-2s-.8-2-2.3-2Z"
        />
        <rect x="13.1" y="6" width="1.9" height="3" />
        <rect x="16.3" y="6" width="1.9" height="3" />
        <rect x="13.1" y="23" width="1.9" height="3" />
        <rect x="16.3" y="23" width="1.9" height="3" />
      </g>
    </>
  ),
  ethereum: (
    <>
      <circle cx="16" cy="16" r="16" fill="#627EEA" />
      <g fill="#FFFFFF">
        <path fillOpacity="0.6" d="M16 4v8.9l7.5 3.4Z" />
        <path d="M16 4 8.5 16.3l7.5-3.4Z" />
        <path fillOpacity="0.6" d="M16 22v6l7.5-10.4Z" />
        <path d="M16 28v-6l-7.5-4.4Z" />
        <path fillOpacity="0.2" d="m16 20.6 7.5-4.3-7.5-3.4Z" />
        <path fillOpacity="0.6" d="m8.5 16.3 7.5 4.3v-7.7Z" />
      </g>
    </>
  ),
  usdt: (
    <>
      <circle cx="16" cy="16" r="16" fill="#26A17B" />
      <g fill="#FFFFFF">
        <rect x="8" y="7.5" width="16" height="3.6" rx="0.6" />
        <rect x="14.2" y="7.5" width="3.6" height="17" rx="0.6" />
      </g>
      <ellipse cx="16" cy="15.2" rx="8.6" ry="2.4" fill="none" stroke="#FFFFFF" strokeWidth="1.5" />
    </>
  ),
  mastercard: (
    <>
      <circle cx="10.5" cy="16" r="10" fill="#EB001B" />
      <circle cx="21.5" cy="16" r="10" fill="#F79E1B" />
      {/* Where the circles overlap. */}
      <path fill="#FF5F00" d="M16 7.65A10 10 0 0 1 16 24.35A10 10 0 0 1 16 7.65Z" />
    </>
  ),
};

export type CoinIconProps = Omit<ComponentPropsWithRef<'svg'>, 'children'> &
  CoinIconVariants & {
    /** Which mark to draw. */
    coin: PaymentMark;
    /** The accessible name. `null` makes the icon decorative (hidden from screen readers) when its name is written beside it. @default the coin's name, e.g. 'Bitcoin' */
    title?: string | null;
  };

/**
 * The mark of a coin or card (bitcoin, ethereum, usdt, mastercard) as an inline SVG: no request,
 * crisp at any size. Named by default; decorative with `title={null}` next to a written name.
 */
export function CoinIcon({ coin, title, size, className, ...rest }: CoinIconProps) {
  const titleId = useId();
  const name = title === undefined ? paymentMarkNames[coin] : title;
  const classes = clsx(coinIcon({ size }), className);
  if (name === null) {
    return (
      <svg viewBox="0 0 32 32" className={classes} focusable="false" aria-hidden="true" {...rest}>
        {marks[coin]}
      </svg>
    );
  }
  return (
    <svg
      viewBox="0 0 32 32"
      className={classes}
      focusable="false"
      role="img"
      aria-labelledby={titleId}
      {...rest}
    >
      <title id={titleId}>{name}</title>
      {marks[coin]}
    </svg>
  );
}
