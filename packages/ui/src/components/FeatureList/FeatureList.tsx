import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { CheckIcon } from '../../icons/icons';
import { check, item, list } from './FeatureList.css';

export type FeatureListProps = Omit<ComponentPropsWithRef<'ul'>, 'children'> & {
  /** The features, one sentence or phrase each, in order. */
  features: readonly ReactNode[];
};

/** What something includes, as a list with a tick before each item (the tick is decorative). */
export function FeatureList({ features, className, ...rest }: FeatureListProps) {
  return (
    <ul className={clsx(list, className)} {...rest}>
      {features.map((feature, index) => (
        // The features are given in order and not reordered: the position is the identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index} className={item}>
          <CheckIcon className={check} />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
