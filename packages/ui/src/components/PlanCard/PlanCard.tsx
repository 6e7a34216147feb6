import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { HeadsetIcon } from '../../icons/icons';
import { FeatureList } from '../FeatureList/FeatureList';
import {
  action as actionStyle,
  card,
  features as featuresStyle,
  header,
  rangeLabel,
  range as rangeStyle,
  subtitle as subtitleStyle,
  supportIcon,
  support as supportStyle,
  title as titleStyle,
} from './PlanCard.css';

export type PlanCardProps = Omit<ComponentPropsWithRef<'article'>, 'title' | 'children'> & {
  /** The plan's name, e.g. "Student". */
  title: ReactNode;
  /** Its tier: Essential, Advanced, Professional or Elite Trading. */
  subtitle: ReactNode;
  /** The capital the plan covers, as written text in pounds, e.g. "£100 – £1,999.99". */
  range: ReactNode;
  /** The label read before the range. @default 'Capital' */
  rangeLabel?: ReactNode;
  /** The support the plan includes, e.g. "Support response within 48 hours". */
  support: ReactNode;
  /** What the plan includes, shown with ticks. */
  features: readonly ReactNode[];
  /** The call to action at the bottom, e.g. an "Invest Now" `Button asChild fullWidth` around a link. @default undefined */
  action?: ReactNode;
  /** The title's element, to fit the page's heading outline. @default 'h3' */
  titleAs?: 'h2' | 'h3' | 'h4';
};

/**
 * One trading plan: its name and tier, the capital it covers (in pounds, not dollars),
 * the support it includes, its features and an action. Cards in a row keep their actions aligned.
 */
export function PlanCard({
  title,
  subtitle,
  range,
  rangeLabel: rangeLabelText = 'Capital',
  support,
  features,
  action,
  titleAs: Title = 'h3',
  className,
  ...rest
}: PlanCardProps) {
  return (
    <article className={clsx(card, className)} {...rest}>
      <div className={header}>
        <Title className={titleStyle}>{title}</Title>
        <p className={subtitleStyle}>{subtitle}</p>
      </div>
      <p className={rangeStyle}>
        <span className={rangeLabel}>{rangeLabelText}</span>
        {range}
      </p>
      <p className={supportStyle}>
        <HeadsetIcon className={supportIcon} />
        <span>{support}</span>
      </p>
      <FeatureList features={features} className={featuresStyle} />
      {action && <div className={actionStyle}>{action}</div>}
    </article>
  );
}
