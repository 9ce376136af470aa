const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "18 Aug 2025": the date form of the legal pages' "Last updated" line and the certificates' dates. */
export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

/** "2025-08-18" for <time datetime>. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
