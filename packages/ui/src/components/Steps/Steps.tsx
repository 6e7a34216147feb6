import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import {
  body,
  container,
  description as descriptionStyle,
  icon as iconStyle,
  item,
  list,
  marker,
  type StepsVariants,
  title as titleStyle,
} from './Steps.css';

/** One step: what happens, and optionally how. */
export type Step = {
  /** The step's name, e.g. "Register". */
  title: ReactNode;
  /** A sentence or two about the step. */
  description?: ReactNode;
  /** A decorative picture above the title (an `<img alt="">` or an inline SVG), hidden from screen readers. @default undefined */
  icon?: ReactNode;
};

export type StepsProps = Omit<ComponentPropsWithRef<'div'>, 'children'> &
  StepsVariants & {
    /** The steps, in order. */
    steps: readonly Step[];
    /** The element of each step's title, to fit the page's heading outline. @default 'h3' */
    titleAs?: 'h2' | 'h3' | 'h4' | 'p';
  };

/**
 * Numbered steps of a process, as an ordered list: how it works, how referrals pay. Vertical,
 * or with `orientation="horizontal"` side by side once the steps have room (900 px of their own
 * width), vertical below.
 */
export function Steps({ steps, orientation, titleAs: Title = 'h3', className, ...rest }: StepsProps) {
  return (
    <div className={clsx(container, className)} {...rest}>
      <ol className={list({ orientation })}>
        {steps.map((step, index) => (
          // Steps are given in order and not reordered: the number is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className={item({ orientation })}>
            <span className={marker}>
              <span className={visuallyHidden}>Step </span>
              {index + 1}
            </span>
            <div className={body({ orientation })}>
              {step.icon && (
                <span className={iconStyle} aria-hidden="true">
                  {step.icon}
                </span>
              )}
              <Title className={titleStyle}>{step.title}</Title>
              {step.description && <p className={descriptionStyle}>{step.description}</p>}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
