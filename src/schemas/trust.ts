import { z } from 'astro/zod';
import { icon } from './fields.ts';
import { sample } from './sample.ts';

/** A gap an example leaves for the company to fill: "[the certification body]". */
const gap = /\[[^\]\n]+\]/;

/**
 * One answer to a buyer's security or data-protection question on /trust, one file each in content/trust/: the
 * question as its heading, the company's answer, and the details a procurement team checks. An answer the company
 * has not confirmed ships as an example (`sample: true`), with [square brackets] where its facts go; a confirmed
 * answer keeps no gap, so no bracketed instruction is ever published as the company's word.
 */
export const trustItem = z
  .strictObject({
    /** The buyer's question, as a short heading: "Where your data is processed". */
    title: z.string().min(1).max(60),
    icon: icon.default('shield-check'),
    /** The company's answer, in a sentence or two. */
    answer: z.string().min(1),
    /** What a procurement team checks beside the answer: the standard, the clauses, who signs, how often. */
    details: z.array(z.string().min(1)).default([]),
    /** Position among the answers on /trust; any number, each used once. */
    order: z.number(),
    sample,
  })
  .superRefine((entry, context) => {
    if (entry.sample) return;
    const texts: Array<{ path: PropertyKey[]; text: string }> = [
      { path: ['answer'], text: entry.answer },
      ...entry.details.map((text, i) => ({ path: ['details', i], text })),
    ];
    for (const { path, text } of texts) {
      const found = gap.exec(text)?.[0];
      if (!found) continue;
      context.addIssue({
        code: 'custom',
        path,
        input: text,
        message: `${found} is a gap the example left for the company to fill: write the confirmed fact in its place, or keep this answer marked as a sample (sample: true) until it is confirmed`,
      });
    }
  });

export type TrustItem = z.infer<typeof trustItem>;
