import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { TrayIcon } from '../../icons/icons';
import {
  actionSlot,
  description as descriptionStyle,
  iconWell,
  root,
  title as titleStyle,
} from './EmptyState.css';

export type EmptyStateProps = Omit<ComponentPropsWithRef<'div'>, 'title'> & {
  /** What is empty, in a few words. */
  title: ReactNode;
  /** One or two sentences: why it is empty, or what to do next. */
  description?: ReactNode;
  /** A decorative picture above the title. @default a tray */
  icon?: ReactNode;
  /** One way forward, usually a `Button` (or a link through `Button asChild`). */
  action?: ReactNode;
  /** The element of the title, to fit the page's heading outline. @default 'h2' */
  titleAs?: 'h2' | 'h3' | 'h4' | 'p';
};

/** What a list or panel shows when it has nothing in it yet: a picture, a title, a sentence and maybe an action. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  titleAs: Title = 'h2',
  className,
  ...rest
}: EmptyStateProps) {
  return (
    <div className={clsx(root, className)} {...rest}>
      <div className={iconWell} aria-hidden="true">
        {icon ?? <TrayIcon />}
      </div>
      <Title className={titleStyle}>{title}</Title>
      {description && <p className={descriptionStyle}>{description}</p>}
      {action && <div className={actionSlot}>{action}</div>}
    </div>
  );
}
