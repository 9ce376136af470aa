import { z } from 'astro/zod';

/**
 * Marks an entry the repository ships as an example (an invented testimonial, case study, client, person or
 * certificate). Pages show it with a "Sample" mark; `npm run build:deploy` refuses to build while any page would show
 * one, so nothing invented goes live. Replace the entry with a real one and delete the line.
 */
export const sample = z.boolean().default(false);
