import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { check, item, list } from './FeatureList.css';

export type FeatureListProps = Omit<ComponentPropsWithRef<'ul'>, 'children'> & {
  /** The features, one sentence or phrase each, in order. */
  features: readonly ReactNode[];
};

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" className={check} aria-hidden="true" focusable="false">
      <path
        d="m3.5 8.5 3 3 6-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** What something includes, as a list with a tick before each item (the tick is decorative). */
export function FeatureList({ features, className, ...rest }: FeatureListProps) {
  return (
    <ul className={clsx(list, className)} {...rest}>
      {features.map((feature, index) => (
        // The features are given in order and not reordered: the position is the identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index} className={item}>
          <CheckIcon />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
