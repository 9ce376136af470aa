/**
 * The content the hero pictures of /services and /about are drawn from (src/picture-data/hub-visuals.ts): a service's
 * stage in the life of the systems it serves, and the company's milestones between its founding and today.
 */
import { z } from 'astro/zod';
import { company } from '../config/company.ts';

/** The stages of a system's life, in order, with the word the /services picture shows for each. */
export const lifecycleStages = {
  install: 'Install',
  implement: 'Implement',
  migrate: 'Migrate',
  support: 'Support',
  secure: 'Secure',
  operate: 'Operate for you',
} as const;

export type LifecycleStage = keyof typeof lifecycleStages;

export const lifecycleStage = z.enum(Object.keys(lifecycleStages) as [LifecycleStage, ...LifecycleStage[]], {
  error: (issue) =>
    `"${String(issue.input)}" is not a stage: write one of ${Object.keys(lifecycleStages).join(', ')} (the stage of your systems' life this service serves)`,
});

/**
 * Between the founding (company.foundedYear, drawn first) and today (drawn last). A year is written only where it is
 * known: a milestone without one is shown in its place in the list, with no year, rather than at a guessed one.
 */
export const milestones = z
  .array(
    z.strictObject({
      title: z.string().min(1).max(90),
      year: z.number().int().min(company.foundedYear).max(2100).optional(),
    }),
  )
  .superRefine((items, context) => {
    let last: number = company.foundedYear;
    items.forEach((item, i) => {
      if (item.year === undefined) return;
      if (item.year < last)
        context.addIssue({
          code: 'custom',
          path: [i, 'year'],
          input: item.year,
          message: `${item.year} comes before the year of an earlier milestone (${last}): list the milestones in the order they happened`,
        });
      last = Math.max(last, item.year);
    });
  });

export type Milestones = z.infer<typeof milestones>;
