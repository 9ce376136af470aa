import { z } from 'astro/zod';
import { facts, unknownFactMessage, withFacts } from '../config/facts.ts';
import { closestName } from '../lib/content-issues.ts';

type Path = (string | number)[];
type Context = Parameters<Parameters<typeof z.preprocess>[0]>[1];

/** Every string in the frontmatter with its `{{name}}` placeholders replaced; unknown names become issues at their field. */
function quoteFacts(value: unknown, path: Path, context: Context): unknown {
  if (typeof value === 'string') {
    return withFacts(value, (name) =>
      context.addIssue({ code: 'custom', path, input: value, message: unknownFactMessage(name, closestName(name, Object.keys(facts))) }),
    );
  }
  if (Array.isArray(value)) return value.map((item, index) => quoteFacts(item, [...path, index], context));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, quoteFacts(item, [...path, key], context)]));
  }
  return value;
}

/** `schema`, for frontmatter that may quote facts (`30+ Years Experience` written as `{{yearsExperience}} Years Experience`). */
export const quotingFacts = <T extends z.ZodType>(schema: T) => z.preprocess((input, context) => quoteFacts(input, [], context), schema);
