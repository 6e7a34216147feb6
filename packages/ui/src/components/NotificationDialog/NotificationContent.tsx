import { sanitizeNotificationHtml } from '@ledgerline/rules/notification-html';
import { clsx } from 'clsx';
import { type ComponentPropsWithRef, useMemo } from 'react';
import { content as contentStyle } from './NotificationDialog.css';

export type NotificationContentProps = Omit<ComponentPropsWithRef<'div'>, 'children' | 'content'> & {
  /** The notification's body as HTML: sanitised (formatting and links only) before it is shown. */
  html: string;
};

/**
 * A notification's body as the user sees it: the HTML the back office wrote, sanitised to formatting
 * and links. The dialog on the dashboard and the back office's preview show it through this one
 * component, so the preview is exactly what the user will read. The sanitiser is the server's own
 * (`@ledgerline/rules`), run again here: it parses the HTML in script, never in the page, so only its
 * answer ever reaches the DOM, and an admin typing `<img onerror=…>` into the preview runs nothing.
 */
export function NotificationContent({ html, className, ...rest }: NotificationContentProps) {
  const safe = useMemo(() => sanitizeNotificationHtml(html), [html]);
  return (
    <div
      className={clsx(contentStyle, className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above, from the parse tree.
      dangerouslySetInnerHTML={{ __html: safe }}
      {...rest}
    />
  );
}
