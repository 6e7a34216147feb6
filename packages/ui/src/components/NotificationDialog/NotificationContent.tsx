import { clsx } from 'clsx';
import { type ComponentPropsWithRef, useMemo } from 'react';
import { content as contentStyle } from './NotificationDialog.css';
import { sanitizeNotificationHtml } from './sanitizeNotificationHtml';

export type NotificationContentProps = Omit<ComponentPropsWithRef<'div'>, 'children' | 'content'> & {
  /** The notification's body as HTML: sanitised (formatting and links only) before it is shown. */
  html: string;
};

/**
 * A notification's body as the user sees it: the HTML the back office wrote, sanitised to formatting
 * and links. The dialog on the dashboard and the back office's preview show it through this one
 * component, so the preview is exactly what the user will read.
 */
export function NotificationContent({ html, className, ...rest }: NotificationContentProps) {
  const safe = useMemo(() => sanitizeNotificationHtml(html), [html]);
  return (
    <div
      className={clsx(contentStyle, className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: safe }}
      {...rest}
    />
  );
}
