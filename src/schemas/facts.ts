import { z } from 'astro/zod';
import { facts, unknownFactMessage, withFacts } from '../config/facts.ts';
import { figureLabels, type FigureName } from '../config/figures.ts';
import { bareFigures } from './bare-figures.ts';
import { closestName } from './issue-messages.ts';

type Path = (string | number)[];
type Context = Parameters<Parameters<typeof z.preprocess>[0]>[1];

/**
 * Every string in the frontmatter with its `{{name}}` placeholders replaced; unknown names, and company figures written
 * out by hand (src/schemas/bare-figures.ts), become issues at their field. `around`: the other words of the object
 * holding the string, which say what a figure written alone counts (a stats item's label beside its value).
 */
function quoteFacts(value: unknown, path: Path, context: Context, around = ''): unknown {
  if (typeof value === 'string') {
    if (!linkField(path)) {
      for (const { message } of bareFigures(value, around)) context.addIssue({ code: 'custom', path, input: value, message });
    }
    return withFacts(value, (name) =>
      context.addIssue({ code: 'custom', path, input: value, message: unknownFactMessage(name, closestName(name, Object.keys(facts))) }),
    );
  }
  if (Array.isArray(value)) return value.map((item, index) => quoteFacts(item, [...path, index], context));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const words = Object.values(value)
      .filter((item) => typeof item === 'string')
      .join(' ');
    statInParts(value as Record<string, unknown>, path, context, words);
    return Object.fromEntries(Object.entries(withFigureLabel(value)).map(([key, item]) => [key, quoteFacts(item, [...path, key], context, words)]));
  }
  return value;
}

/** Fields holding an address or a file's name, whose digits are not figures. */
const linkField = (path: Path) => ['href', 'src', 'url', 'logo', 'image', 'verifyUrl', 'credentialId'].includes(String(path.at(-1)));

/** A stats item written in parts (`number: 500`, `suffix: '+'`) is a figure as much as `value: 500+` is. */
function statInParts(item: Record<string, unknown>, path: Path, context: Context, words: string) {
  const { number, prefix, suffix } = item;
  if (typeof number !== 'number') return;
  const written = `${typeof prefix === 'string' ? prefix : ''}${number}${typeof suffix === 'string' ? suffix : ''}`;
  for (const { message } of bareFigures(written, words)) context.addIssue({ code: 'custom', path: [...path, 'number'], input: number, message });
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
