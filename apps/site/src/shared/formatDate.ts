const calendarDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A contract date-time as its day, "Nov 21, 2026" (US English). The day is the UTC day, as the market
 * table writes its dates, so a date reads the same wherever it is seen.
 */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : calendarDay.format(date);
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 21, 2026, 4:05 PM", in the person's own time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/**
 * "2026-11-21 10:31 UTC": an instant as the server's own messages write it, so a flag on screen
 * reads the same as the refusal it explains.
 */
export function formatUtcMinute(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
