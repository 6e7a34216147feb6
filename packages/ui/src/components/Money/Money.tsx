import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
import { formatUsd, type MoneyDisplay, type MoneySign, usdValue } from './formatUsd';
import { money } from './Money.css';

export type MoneyProps = Omit<ComponentPropsWithRef<'data'>, 'children' | 'value'> & {
  /** The amount in US dollars: a JSON number (`1250.5`) or a decimal string (`"1250.50"`), never cents. */
  amount: number | string;
  /** `symbol` writes `$1,250.00`; `code` writes `1,250.00 USD`. @default 'symbol' */
  display?: MoneyDisplay;
  /** A credit is written `+ …`, a debit `- …` (the amount's own sign is ignored). @default undefined (the amount's own sign) */
  sign?: MoneySign;
  /** Tints credits green and debits red, in addition to their sign. @default true */
  colored?: boolean;
};

/**
 * A USD amount in US format with two decimals and tabular digits. Inherits its font size, so it
 * fits in a sentence, a table cell or a tile.
 */
export function Money({ amount, display, sign, colored = true, className, ...rest }: MoneyProps) {
  const tone = colored && sign ? sign : 'neutral';
  return (
    <data value={usdValue(amount, sign)} className={clsx(money({ tone }), className)} {...rest}>
      {formatUsd(amount, { display, sign })}
    </data>
  );
}
