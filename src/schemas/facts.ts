import { z } from 'astro/zod';
import { facts, unknownFactMessage, withFacts } from '../config/facts.ts';
import { figureLabels, type FigureName } from '../config/figures.ts';
import { closestName } from './issue-messages.ts';

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
    return Object.fromEntries(Object.entries(withFigureLabel(value)).map(([key, item]) => [key, quoteFacts(item, [...path, key], context)]));
  }
  return value;
}

const wholeFigure = /^\s*\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}\s*$/;

/**
 * A figure quoted alone (a stats item's `value: '{{projectsDelivered}}'`) brings what it counts, and whose it is, from
 * src/config/figures.ts; a `label` or `context` written beside it wins.
 */
function withFigureLabel(item: object): object {
  const name = 'value' in item && typeof item.value === 'string' ? wholeFigure.exec(item.value)?.[1] : undefined;
  if (name === undefined || !Object.hasOwn(figureLabels, name)) return item;
  const { label, context } = figureLabels[name as FigureName];
  return { label, ...(context === undefined ? {} : { context }), ...item };
}

/** `schema`, for frontmatter that may quote facts (`30+ Years Experience` written as `{{yearsExperience}} Years Experience`). */
export const quotingFacts = <T extends z.ZodType>(schema: T) => z.preprocess((input, context) => quoteFacts(input, [], context), schema);
