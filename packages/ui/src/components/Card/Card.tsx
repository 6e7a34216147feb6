import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { type CardVariants, card, header, headerInset, title as titleStyle } from './Card.css';

export type CardProps = Omit<ComponentPropsWithRef<'div'>, 'title'> & {
  /** The space inside the card; `none` for a flush table or list. @default 'lg' */
  padding?: CardVariants['padding'];
  /** A heading at the top of the card. */
  title?: ReactNode;
  /** A control beside the title, such as a "View all" link. */
  action?: ReactNode;
  /** The title's element, to fit the page's heading outline. @default 'h2' */
  titleAs?: 'h2' | 'h3' | 'h4';
};

/** A surface that groups related content: a balance, a form, a list. Optionally titled, with an action. */
export function Card({
  padding,
  title,
  action,
  titleAs: Title = 'h2',
  className,
  children,
  ...rest
}: CardProps) {
  const hasHeader = title !== undefined || action !== undefined;
  return (
    <div className={clsx(card({ padding }), className)} {...rest}>
      {hasHeader && (
        <div className={clsx(header, padding === 'none' && headerInset)}>
          {title !== undefined && <Title className={titleStyle}>{title}</Title>}
          {action}
        </div>
      )}
      {children}
    </div>
  );
}
