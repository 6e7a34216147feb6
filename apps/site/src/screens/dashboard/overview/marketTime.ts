const day = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const clock = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'UTC',
});

/**
 * When market data was fetched, as the market table writes it: "4:20 PM UTC, Nov 21, 2026". UTC, so
 * everyone reads the same time as the data service's.
 */
export function formatMarketTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  // Recent ICU writes a narrow no-break space before AM/PM: keep one ordinary space for every engine.
  return `${clock.format(date).replace(/\s/g, ' ')} UTC, ${day.format(date)}`;
}
