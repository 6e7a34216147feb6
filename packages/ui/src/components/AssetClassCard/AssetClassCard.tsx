import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { brief as briefStyle, card, iconWell, title as titleStyle } from './AssetClassCard.css';

export type AssetClassCardProps = Omit<ComponentPropsWithRef<'article'>, 'title' | 'children'> & {
  /** The asset class, e.g. "Precious Metals". */
  title: ReactNode;
  /** One or two sentences about it. */
  brief: ReactNode;
  /** A decorative picture (an inline SVG in `currentColor`, or an `<img alt="">`), hidden from screen readers. @default undefined */
  icon?: ReactNode;
  /** The title's element, to fit the page's heading outline. @default 'h3' */
  titleAs?: 'h2' | 'h3' | 'h4';
};

/** One investable asset class on the home page: a picture, its name and a short description. */
export function AssetClassCard({
  title,
  brief,
  icon,
  titleAs: Title = 'h3',
  className,
  ...rest
}: AssetClassCardProps) {
  return (
    <article className={clsx(card, className)} {...rest}>
      {icon && (
        <span className={iconWell} aria-hidden="true">
          {icon}
        </span>
      )}
      <Title className={titleStyle}>{title}</Title>
      <p className={briefStyle}>{brief}</p>
    </article>
  );
}
