import { type Schemas, unwrap } from '@ledgerline/api-client';
import { NotificationDialog } from '@ledgerline/ui';
import { useState } from 'react';
import { api } from '../../../api/api';
import { shouldShowNotification } from './overviewData';

/** Marks the notification seen; a failure is only logged. */
async function markSeen() {
  try {
    await unwrap(api.PATCH('/users/user-info', { body: { seen: true } }));
  } catch (error) {
    console.error('Could not mark the notification as seen', error);
  }
}

/**
 * The back office's message, opened on load when it has a title and content and is not yet seen.
 * Okay closes it and, unless it is persistent, marks it seen on the server.
 */
export function OverviewNotification({ notification }: { notification: Schemas['Notification'] }) {
  const [dismissed, setDismissed] = useState(false);
  if (!shouldShowNotification(notification)) return null;
  return (
    <NotificationDialog
      open={!dismissed}
      onOpenChange={(open) => setDismissed(!open)}
      title={notification.title}
      content={notification.content}
      onOkay={() => {
        if (!notification.persistent) void markSeen();
      }}
    />
  );
}
