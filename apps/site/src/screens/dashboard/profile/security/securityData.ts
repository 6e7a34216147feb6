import { type Schemas, unwrap } from '@ledgerline/api-client';
import { api } from '../../../../api/api';

export type SecuritySettings = Schemas['SecuritySettings'];
export type SessionInfo = Schemas['SessionInfo'];

/** Whether two-factor is on, since when, and how many recovery codes are left. */
export function loadSecurity(): Promise<SecuritySettings> {
  return unwrap(api.GET('/auth/security'));
}

/** Every session still signed in, the current one marked, most recently used first. */
export function loadSessions(): Promise<SessionInfo[]> {
  return unwrap(api.GET('/auth/sessions'));
}

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Nov 18, 2026", in the person's own time zone. */
export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}
