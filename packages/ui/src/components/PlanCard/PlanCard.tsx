import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { HeadsetIcon } from '../../icons/icons';
import { Badge } from '../Badge/Badge';
import { FeatureList } from '../FeatureList/FeatureList';
import {
  action as actionStyle,
  card,
  features as featuresStyle,
  header,
  type PlanCardVariants,
  rangeLabel,
  rangeNote as rangeNoteStyle,
  range as rangeStyle,
  subtitle as subtitleStyle,
  supportIcon,
  support as supportStyle,
  titleRow,
  title as titleStyle,
} from './PlanCard.css';

export type PlanCardProps = Omit<ComponentPropsWithRef<'article'>, 'title'> & {
  /** The plan's name, e.g. "Student". */
  title: ReactNode;
  /** Its tier: Essential, Advanced, Professional or Elite Trading. */
  subtitle: ReactNode;
  /** The capital the plan covers, as written text in pounds, e.g. "£100 – £1,999.99". */
  range: ReactNode;
  /** The label read before the range. @default 'Capital' */
  rangeLabel?: ReactNode;
  /** A second reading of the range under it, e.g. "≈ $127.00 to $2,539.98 at £1 = $1.27". @default undefined */
  rangeNote?: ReactNode;
  /** Marks the person's own plan: an accent frame and the `currentLabel` badge. @default false */
  current?: PlanCardVariants['current'];
  /** The badge's words on the current plan. @default 'Your plan' */
  currentLabel?: ReactNode;
  /** The support the plan includes, e.g. "Support response within 48 hours". */
  support: ReactNode;
  /** What the plan includes, shown with ticks. */
  features: readonly ReactNode[];
  /** More about the plan for this person, between its support and its features (e.g. what it may invest in). @default undefined */
  children?: ReactNode;
  /** The call to action at the bottom, e.g. an "Invest Now" `Button asChild fullWidth` around a link. @default undefined */
  action?: ReactNode;
  /** The title's element, to fit the page's heading outline. @default 'h3' */
  titleAs?: 'h2' | 'h3' | 'h4';
};

/**
 * One trading plan: its name and tier, the capital it covers (in pounds, not dollars, with an optional
 * second reading), the support it includes, anything more for this person, its features and an action.
 * Cards in a row keep their actions aligned. The person's own plan is framed and badged.
 */
export function PlanCard({
  title,
  subtitle,
  range,
  rangeLabel: rangeLabelText = 'Capital',
  rangeNote,
  current = false,
  currentLabel = 'Your plan',
  support,
  features,
  children,
  action,
  titleAs: Title = 'h3',
  className,
  ...rest
}: PlanCardProps) {
  return (
    <article className={clsx(card({ current }), className)} {...rest}>
      <div className={header}>
        {current ? (
          <div className={titleRow}>
            <Title className={titleStyle}>{title}</Title>
            <Badge tone="accent">{currentLabel}</Badge>
          </div>
        ) : (
          <Title className={titleStyle}>{title}</Title>
        )}
        <p className={subtitleStyle}>{subtitle}</p>
      </div>
      <p className={rangeStyle}>
        <span className={rangeLabel}>{rangeLabelText}</span>
        {range}
        {rangeNote && <span className={rangeNoteStyle}>{rangeNote}</span>}
      </p>
      <p className={supportStyle}>
        <HeadsetIcon className={supportIcon} />
        <span>{support}</span>
      </p>
      {children}
      <FeatureList features={features} className={featuresStyle} />
      {action && <div className={actionStyle}>{action}</div>}
    </article>
  );
}
