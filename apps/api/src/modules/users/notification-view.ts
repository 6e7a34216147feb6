import type { components } from '@ledgerline/api-client/contract';
import type { notifications } from '../../db/schema';

type Notification = components['schemas']['Notification'];

/** A stored notification as the contract shows it (to its user, and to admins). */
export function notificationView(row: typeof notifications.$inferSelect): Notification {
  return {
    title: row.title,
    content: row.content,
    persistent: row.persistent,
    seen: row.seen,
    updatedAt: row.updatedAt.toISOString(),
  };
}
