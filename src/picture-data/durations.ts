/** Durations as copy writes them ("15 minutes", "2 hours", "2-3 weeks", "Ongoing"), read as numbers for drawing. */

const minutesPer: Record<string, number> = { minute: 1, min: 1, hour: 60, hr: 60, h: 60, day: 1440, week: 10080 };

/** "15 minutes" → 15, "2 hours" → 120, "1 business day" → 1440; undefined when no time is written. */
export function responseMinutes(text: string): number | undefined {
  const match = /(\d+(?:\.\d+)?)\s*(?:business\s+|working\s+)?(minute|min|hour|hr|h|day|week)s?\b/i.exec(text);
  return match ? Number(match[1]) * minutesPer[match[2]!.toLowerCase()]! : undefined;
}

/** "2-3 weeks" → { min: 2, max: 3 }, "6 weeks" or "a 6-week transition" → { min: 6, max: 6 } in weeks; undefined for "Ongoing" and the like. */
export function weekRange(text: string): { min: number; max: number } | undefined {
  const match = /(\d+(?:\.\d+)?)(?:\s*(?:-|–|to)\s*(\d+(?:\.\d+)?))?[\s-]*(day|week|month)s?\b/i.exec(text);
  if (!match) return undefined;
  const perWeek = { day: 1 / 7, week: 1, month: 52 / 12 }[match[3]!.toLowerCase() as 'day' | 'week' | 'month'];
  const min = Number(match[1]) * perWeek;
  return { min, max: Number(match[2] ?? match[1]) * perWeek };
}
