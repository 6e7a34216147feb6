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
