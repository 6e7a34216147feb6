const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const clockTime = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'UTC',
});

const parse = (iso: string): Date | undefined => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** An ISO date as "Nov 10, 2021" (the UTC day); empty when it is not a date. */
export function formatShortDate(iso: string): string {
  const date = parse(iso);
  return date ? shortDate.format(date) : '';
}

/** An ISO time as "3:45 PM UTC, Nov 21, 2026"; empty when it is not a date. */
export function formatAsOf(iso: string): string {
  const date = parse(iso);
  if (!date) return '';
  // Recent ICU writes a narrow no-break space before AM/PM: keep one ordinary space for every engine.
  const time = clockTime.format(date).replace(/\s/g, ' ');
  return `${time} UTC, ${shortDate.format(date)}`;
}
