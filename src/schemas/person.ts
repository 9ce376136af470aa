import { z } from 'astro/zod';
import { image } from './fields.ts';
import { httpsLink } from './https-link.ts';
import { sample } from './sample.ts';

/**
 * A person a buyer meets on /about (the leadership), one file each in content/people/: who they are, what they do,
 * and a public profile where the buyer can check it. Without a photo the page shows their initials.
 */
export const person = z.strictObject({
  name: z.string().min(1),
  role: z.string().min(1),
  /** An uploaded portrait, with alt text; the page draws the person's initials when there is none. */
  photo: image.optional(),
  /** A public profile of the person on another site (LinkedIn, a conference page, a publication). */
  profile: httpsLink(
    'https://www.linkedin.com/in/<name>',
    '"profile" is missing: write the https address of a public page about the person, such as their LinkedIn profile, where a buyer can check their experience',
  ),
  /** Position among the people on /about; any number, each used once. */
  order: z.number(),
  sample,
});

export type Person = z.infer<typeof person>;

/** "Jane Example" → "JE": the first letters of the first and the last word of the name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((word) => [...word][0]!.toUpperCase()).join('');
}
