import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Badge } from '../Badge/Badge';
import { Money } from '../Money/Money';
import {
  action as actionStyle,
  badges,
  card,
  fees as feesStyle,
  figure,
  figures,
  header,
  headline,
  note,
  reason as reasonStyle,
  returnItem,
  returnsList,
  returns as returnsStyle,
  strategy as strategyStyle,
  term,
  title as titleStyle,
  value,
} from './FundCard.css';
import { formatBps, formatNavPerUnit, formatSignedPercent } from './fundFormat';

/** What a fund charges and assumes, as the contract states it. */
export type FundCardFees = {
  /** The management fee, percent of NAV a year. */
  managementPctPerYear: number;
  /** The exchange's fee on a market order, basis points. */
  takerFeeBps: number;
  /** The exchange's fee on a limit order, basis points. */
  makerFeeBps: number;
  /** The slippage assumed for a market order, basis points. */
  slippageBps: number;
};

/** A past return over one period, e.g. `{ period: '3 months', percent: 4.2 }`. */
export type FundReturn = {
  /** The period in words: "1 month", "3 months", "1 year". */
  period: string;
  /** The change of the NAV per unit over it, in percent (negative for a loss). */
  percent: number;
};

/** The sentence that stands beside every past return, word for word. */
export const pastPerformanceWarning = 'Past performance is not a reliable indicator of future results.';

export type FundCardProps = Omit<ComponentPropsWithRef<'article'>, 'title' | 'children'> & {
  /** The fund's name. */
  name: ReactNode;
  /** The strategy in a few words, shown above the name, e.g. "Trend following". @default undefined */
  strategyLabel?: ReactNode;
  /** The NAV per unit of the last valuation, USD with eight decimals ("1.04210000"). */
  navPerUnit: string;
  /** How much the fund's risk is: low, medium or high. */
  riskLevel: 'low' | 'medium' | 'high';
  /** Whether it trades now; a paused fund takes no investment. */
  status: 'trading' | 'paused';
  /** Why it is paused, in plain words. @default undefined */
  statusReason?: string | null;
  /** The smallest investment it accepts, USD. */
  minimumInvestment: number;
  /** Its fees and the slippage it assumes. */
  fees: FundCardFees;
  /** Past returns, only over periods the fund has existed. @default [] */
  returns?: readonly FundReturn[];
  /** The largest fall of the NAV per unit from a peak, in percent (12.4 for a fall of 12.4%); unknown when undefined or null. @default undefined */
  maxDrawdownPercent?: number | null;
  /** The card's actions at the bottom (a link to the fact sheet, Invest). @default undefined */
  action?: ReactNode;
  /** The name's element, to fit the page's heading outline. @default 'h3' */
  titleAs?: 'h2' | 'h3' | 'h4';
};

const riskWords = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' } as const;
const riskTone = { low: 'info', medium: 'warning', high: 'danger' } as const;

/**
 * One fund in the catalogue: its NAV per unit (the card's large figure: a price, never a past
 * return), risk, status (and why it is paused), minimum and fees. Past figures (returns, the
 * largest fall) sit in a quieter block, always with the warning that they do not predict the future.
 */
export function FundCard({
  name,
  strategyLabel,
  navPerUnit,
  riskLevel,
  status,
  statusReason,
  minimumInvestment,
  fees,
  returns = [],
  maxDrawdownPercent,
  action,
  titleAs: Title = 'h3',
  className,
  ...rest
}: FundCardProps) {
  const hasDrawdown = typeof maxDrawdownPercent === 'number';
  return (
    <article className={clsx(card, className)} {...rest}>
      <div className={header}>
        <Title className={titleStyle}>{name}</Title>
        {strategyLabel && <p className={strategyStyle}>{strategyLabel}</p>}
      </div>
      <div className={badges}>
        <Badge tone={status === 'trading' ? 'success' : 'warning'}>
          {status === 'trading' ? 'Trading' : 'Paused'}
        </Badge>
        <Badge tone={riskTone[riskLevel]}>{riskWords[riskLevel]}</Badge>
      </div>
      {status === 'paused' && statusReason && <p className={reasonStyle}>{statusReason}</p>}
      <dl className={figures}>
        <div className={figure}>
          <dt className={term}>NAV per unit</dt>
          <dd className={headline}>{formatNavPerUnit(navPerUnit)}</dd>
        </div>
        <div className={figure}>
          <dt className={term}>Minimum investment</dt>
          <dd className={value}>
            <Money amount={minimumInvestment} />
          </dd>
        </div>
      </dl>
      {(returns.length > 0 || hasDrawdown) && (
        <div className={returnsStyle}>
          <p className={term}>Past performance</p>
          <dl className={returnsList}>
            {returns.map((item) => (
              <div key={item.period} className={returnItem}>
                <dt>{item.period}</dt>
                <dd className={value}>{formatSignedPercent(item.percent)}</dd>
              </div>
            ))}
            {hasDrawdown && (
              <div className={returnItem}>
                <dt>Largest fall</dt>
                <dd className={value}>{formatSignedPercent(-Math.abs(maxDrawdownPercent))}</dd>
              </div>
            )}
          </dl>
          <p className={note}>{pastPerformanceWarning}</p>
        </div>
      )}
      <p className={feesStyle}>
        Fees: {fees.managementPctPerYear}% a year for management; exchange fees {formatBps(fees.takerFeeBps)}{' '}
        (market orders) and {formatBps(fees.makerFeeBps)} (limit orders); slippage of{' '}
        {formatBps(fees.slippageBps)} assumed on market orders.
      </p>
      {action && <div className={actionStyle}>{action}</div>}
    </article>
  );
}
