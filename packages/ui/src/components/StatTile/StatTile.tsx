import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon } from '../../icons/icons';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import type { MoneyDisplay } from '../Money/formatUsd';
import { Money } from '../Money/Money';
import {
  amount as amountStyle,
  header,
  icon as iconStyle,
  label as labelStyle,
  skeleton,
  tile,
  trendIcon,
  trend as trendStyle,
} from './StatTile.css';

/** How a figure moved: e.g. up 2.4 % this week. */
export type StatTrend = {
  /** Which way it moved. */
  direction: 'up' | 'down';
  /** By how much, in percent, without a sign (2.4 for 2.4 %). */
  percent: number;
  /** Over what time, e.g. "this week". */
  period?: string;
};

export type StatTileProps = Omit<ComponentPropsWithRef<'div'>, 'children'> & {
  /** What the figure is, e.g. "Total Deposits". */
  label: string;
  /** The figure in US dollars (a JSON number or a decimal string). */
  amount: number | string;
  /** How the amount is written: `$1,250.00` or `1,250.00 USD`. @default 'symbol' */
  display?: MoneyDisplay;
  /** How the figure moved, shown with an arrow and words under it. @default undefined */
  trend?: StatTrend;
  /** A decorative icon in the corner (hidden from screen readers). @default undefined */
  icon?: ReactNode;
  /** Shows a placeholder while the figure loads, announced as "Loading <label>". @default false */
  loading?: boolean;
};

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * One figure of the account at a glance: a label, a USD amount and, if known, how it moved. The
 * overview shows six in a grid (profit, deposits, pending deposits, withdrawals, pending
 * withdrawals, bonus).
 */
export function StatTile({
  label,
  amount,
  display,
  trend,
  icon,
  loading = false,
  className,
  ...rest
}: StatTileProps) {
  return (
    <div className={clsx(tile, className)} aria-busy={loading || undefined} {...rest}>
      <div className={header}>
        <p className={labelStyle}>{label}</p>
        {icon && (
          <span className={iconStyle} aria-hidden="true">
            {icon}
          </span>
        )}
      </div>
      {loading ? (
        <>
          <span className={skeleton({ size: 'amount' })} aria-hidden="true" />
          <span className={skeleton({ size: 'line' })} aria-hidden="true" />
          <span role="status" className={visuallyHidden}>
            Loading {label}
          </span>
        </>
      ) : (
        <>
          <p className={amountStyle}>
            <Money amount={amount} display={display} />
          </p>
          {trend && (
            <p className={trendStyle({ direction: trend.direction })}>
              {trend.direction === 'up' ? (
                <ArrowUpIcon className={trendIcon} />
              ) : (
                <ArrowDownIcon className={trendIcon} />
              )}
              {trend.direction === 'up' ? 'Up' : 'Down'} {percentFormat.format(Math.abs(trend.percent))}%
              {trend.period && ` ${trend.period}`}
            </p>
          )}
        </>
      )}
    </div>
  );
}
