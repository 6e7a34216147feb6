import type { Schemas } from '@ledgerline/api-client';
import { $api } from '../../../../api/queryClient';

export type SecuritySettings = Schemas['SecuritySettings'];
export type SessionInfo = Schemas['SessionInfo'];

/** Every session still signed in, the current one marked, most recently used first. */
export const sessionsQuery = $api.queryOptions('get', '/auth/sessions');

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Nov 18, 2026", in the person's own time zone. */
export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}
