import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import {
  actionSlot,
  description as descriptionStyle,
  iconWell,
  root,
  title as titleStyle,
} from './EmptyState.css';

/** A tray: the default picture of "nothing here yet". */
function EmptyTrayIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3 13.5 5.6 5.4A2 2 0 0 1 7.5 4h9a2 2 0 0 1 1.9 1.4L21 13.5" />
      <path d="M3 13.5V18a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-4.5h-5.5a3.5 3.5 0 0 1-7 0Z" />
    </svg>
  );
}

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
        {icon ?? <EmptyTrayIcon />}
      </div>
      <Title className={titleStyle}>{title}</Title>
      {description && <p className={descriptionStyle}>{description}</p>}
      {action && <div className={actionSlot}>{action}</div>}
    </div>
  );
}
