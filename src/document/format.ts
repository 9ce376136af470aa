const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "18 Aug 2025": the date form of the legal pages' "Last updated" line. */
export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

/** "2025-08-18" for <time datetime>. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** "Why Choose Us?" → "why-choose-us": ids for headings that content did not name. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
