/**
 * A company figure written out by hand ("500+ ERP implementations", "70% cost savings") where src/config/figures.ts
 * holds it: refused, naming the fact to quote, so no two pages can state one figure two ways. A number counts when
 * it is written as a figure's value is (500+ or 500, 95%, 40-70%, 1-2 weeks) and a word of what that figure counts
 * stands within four words of it in the same phrase; a count with "+" beside the words of another figure is refused
 * too ("50+ clients" when the clients are 100+). "ISO 27001", "2 weeks' notice", "99.9% uptime" and dates pass, as
 * do facts, links and code. The build checks frontmatter (src/schemas/facts.ts) and page text (page-text/figures.ts);
 * the editor runs both on save.
 */
import { figureLabels, figures, figureWords, type FigureName } from '../config/figures.ts';

export interface BareFigure {
  /** Where the figure starts in the text, and how long it is. */
  index: number;
  length: number;
  message: string;
}

const checked = Object.keys(figureWords) as FigureName[];

/** "500+" → "500", "up to 60%" → "60%", "95%+" → "95%", "40–70 %" → "40-70%": the number as any writing of it reads. */
const coreOf = (written: string) =>
  written
    .toLowerCase()
    .replace(/^up to\s+/, '')
    .replace(/\+/g, '')
    .replace(/\s*[-–—]\s*/g, '-')
    .replace(/\s+(?=%)/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const cores = new Map(checked.map((name) => [name, coreOf(figures[name])]));
const figureCores = new Set(cores.values());

/** A number as figures are written: 500, 500+, 500M+, 95%+, 40-70%, 1-2 weeks; not part of a longer number, a phone number or 24/7. */
const number = /(?<![\w.,/+£$€₹–-])\d+(?:\s?[-–]\s?\d+)?M?\+?(?:\s?%)?\+?(?:\s(?:weeks?))?(?![\w/%+–-]|[.,]\d)/gi;

/** What a figure check does not read: facts, addresses, dates and times, each kept as long so positions stay right. */
const skipped = [
  /\{\{[^}]*\}\}/g,
  /(?:https?:\/\/|www\.|mailto:|tel:)\S+/gi,
  /\b\d{4}-\d{2}-\d{2}\b/g,
  /\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+\d{4})?/gi,
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?/gi,
  /\b\d{1,2}:\d{2}\b/g,
];

const masked = (text: string) => skipped.reduce((result, pattern) => result.replace(pattern, (found) => '#'.repeat(found.length)), text);

/** A phrase ends at a sentence's or clause's end, a bracket or a line break; "99.9%" and "1,000" stay whole. */
const phraseBreak = /[.,;:!?](?=\s|$)|[()[\]|\n]|[—–](?!\s?\d)/g;

const wordPattern = /\p{L}[\p{L}'’-]*/gu;

interface Word {
  index: number;
  text: string;
}

const wordsOf = (text: string, offset = 0): Word[] =>
  [...text.matchAll(wordPattern)].map((match) => ({ index: match.index + offset, text: match[0].toLowerCase() }));

const matches = (name: FigureName, word: string) => (figureWords[name] ?? []).some((start) => word.startsWith(start));

/** The figures a written number states, with the words that say so; none when it is not one of them. */
function statedFigures(core: string, plus: boolean, words: Word[]): { names: FigureName[]; words: Word[] } {
  const byName = checked.map((name) => ({ name, words: words.filter((word) => matches(name, word.text)) })).filter((found) => found.words.length > 0);
  const sameNumber = byName.filter(({ name }) => cores.get(name) === core);
  // A figure's number with "+" beside another figure's words is that figure written wrong ("50+ clients").
  const found = sameNumber.length > 0 ? sameNumber : plus && figureCores.has(core) ? byName : [];
  const most = Math.max(0, ...found.map((item) => item.words.length));
  const chosen = found.filter((item) => item.words.length === most);
  return { names: chosen.map((item) => item.name), words: chosen.flatMap((item) => item.words) };
}

export const factsSection = 'docs/CONTENT.md, "Facts: figures, response time and partner links are written once"';

const quoted = (name: FigureName) => `{{${name}}} (${figures[name]} today: ${figureLabels[name].label})`;

/** The sentence for a figure written out: what was written, the fact or facts to write instead, and where they are listed. */
export function bareFigureMessage(written: string, number: string, names: readonly FigureName[]): string {
  const write = names.length === 1 ? quoted(names[0]!) : `${names.map(quoted).join(' or ')}, whichever it counts`;
  return `"${written}" writes out a company figure by hand: write ${write} in place of "${number}", so every page gives the same figure (${factsSection})`;
}

/**
 * The company figures written out in `text`. `around`: the words beside a field that holds the number alone (a
 * stats item's label beside its value), read when the text has no words of its own.
 */
export function bareFigures(text: string, around = ''): BareFigure[] {
  const readable = masked(text);
  const alone = wordsOf(readable).length === 0;
  const found: BareFigure[] = [];
  for (const match of readable.matchAll(number)) {
    // "up to 70%" is replaced whole by {{savings}}, which reads "up to 70%" itself.
    const upTo = /up to\s+$/i.exec(readable.slice(0, match.index))?.[0].length ?? 0;
    const written = match[0];
    const core = coreOf(written);
    const plus = written.includes('+');
    if (!figureCores.has(core)) continue;
    const start = lastBreakBefore(readable, match.index);
    const end = nextBreakAfter(readable, match.index + written.length);
    const before = wordsOf(readable.slice(start, match.index), start).slice(-4);
    const after = wordsOf(readable.slice(match.index + written.length, end), match.index + written.length).slice(0, 4);
    // Words of `around` are not in the text: they name the figure but are not quoted.
    const words = alone ? wordsOf(around).map((word) => ({ ...word, index: -1 })) : [...before, ...after];
    const { names, words: saying } = statedFigures(core, plus, words);
    if (names.length === 0) continue;
    const inText = saying.filter((word) => word.index >= 0);
    const at = names.every((name) => figures[name].startsWith('up to')) ? match.index - upTo : match.index;
    const from = Math.min(at, ...inText.map((word) => word.index));
    const to = Math.max(match.index + written.length, ...inText.map((word) => word.index + word.text.length));
    const figure = text.slice(at, match.index + written.length);
    found.push({ index: at, length: figure.length, message: bareFigureMessage(text.slice(from, to), figure, names) });
  }
  return found;
}

function lastBreakBefore(text: string, index: number): number {
  let start = 0;
  for (const found of text.slice(0, index).matchAll(phraseBreak)) start = found.index + found[0].length;
  return start;
}

function nextBreakAfter(text: string, index: number): number {
  const found = new RegExp(phraseBreak.source, 'g');
  found.lastIndex = index;
  const next = found.exec(text);
  return next ? next.index : text.length;
}
