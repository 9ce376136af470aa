/**
 * Mistakes in a page's text that are about how it is written rather than what it says: a "<" meant as "less than",
 * Word's bullet characters, invisible characters, and whatever else makes the text unreadable as MDX (an HTML tag
 * such as <img> or <br>, a "{" that is not a fact), each turned into a sentence saying what to write instead.
 * Positions are lines and columns of `source`, plus `firstLine - 1` lines (the build passes the whole file).
 */
import { codeElementMessage, noStyle } from './code.ts';
import { htmlImageMessage } from './images.ts';
import { firstInvisible, invisibleMessage } from './invisible.ts';
import type { Position, TextProblem } from './tree.ts';

/** The lines of `source` outside fenced code, with inline code blanked out, each with its number. */
function proseLines(source: string, firstLine: number): Array<{ line: number; text: string; raw: string }> {
  const result: Array<{ line: number; text: string; raw: string }> = [];
  let fenced = false;
  source.split('\n').forEach((raw, index) => {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      return;
    }
    if (!fenced) result.push({ line: firstLine + index, text: raw.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length)), raw });
  });
  return result;
}

/** `<` in the text of an MDX page starts a component: a writer meant "less than". */
export function lessThanProblems(source: string, firstLine = 1): TextProblem[] {
  return proseLines(source, firstLine).flatMap(({ line, text }) =>
    [...text.matchAll(/<(?=[\d\s=<>.,;:)(-])/g)].map((match) => ({
      line,
      column: match.index + 1,
      message: 'in the page text, "<" starts a component in MDX: write "less than" or &lt; instead (e.g. &lt;15 minutes)',
    })),
  );
}

/** Characters Word and pasted documents put at the start of a list item; Markdown's list item starts with "- ". */
export const wordBullet = /^(\s*)[•◦▪·–]\s*/;
const bulletNames: Record<string, string> = { '•': 'bullet', '◦': 'white bullet', '▪': 'small square', '·': 'middle dot', '–': 'en dash' };

export function wordBulletProblems(source: string, firstLine = 1): TextProblem[] {
  return proseLines(source, firstLine).flatMap(({ line, raw }) => {
    const match = /^(\s*)([•◦▪·–])\s/.exec(raw);
    if (!match) return [];
    const character = match[2]!;
    return [
      {
        line,
        column: match[1]!.length + 1,
        message: `this line of the page text starts with Word's ${bulletNames[character]} "${character}", which shows as plain text in one paragraph: start each item of a list with "- " (a hyphen and a space) instead`,
      },
    ];
  });
}

/** The page text with Word's bullets turned into Markdown list items (the editor does this on save). */
export const withListItems = (source: string) =>
  source
    .split('\n')
    .map((line) => line.replace(/^(\s*)[•◦▪·–]\s+/, '$1- '))
    .join('\n');

export function invisibleProblems(source: string, firstLine = 1): TextProblem[] {
  return source.split('\n').flatMap((text, index) => {
    // Inside a link's address or a fact's name a non-breaking space breaks it too.
    const exact = [...text.matchAll(/\]\([^)]*\)|\{\{[^}]*\}\}/g)].find((match) => firstInvisible(match[0], true));
    const found = firstInvisible(text);
    if (!found && !exact) return [];
    const column = (found?.index ?? exact!.index + firstInvisible(exact![0], true)!.index) + 1;
    const message = found
      ? invisibleMessage(text, 'this line of the page text')!
      : invisibleMessage(exact![0], `the link or fact ${exact![0].slice(0, 2)}…`, true)!;
    return [{ line: firstLine + index, column, message }];
  });
}

/** Where a parser's error points: the position written in its message ("1:4: …", "`<img>` (1:4-1:29)"), else its own. */
function errorPosition(error: unknown): Position | undefined {
  const { message = '', reason, line, column } = (error ?? {}) as { message?: string; reason?: string; line?: number; column?: number };
  const text = reason ?? message;
  const tagAt = /`<\/?[^>`]*>` \((\d+):(\d+)/.exec(text) ?? /^(\d+):(\d+):/.exec(text);
  if (tagAt) return { line: Number(tagAt[1]), column: Number(tagAt[2]) };
  return typeof line === 'number' ? { line, column: column ?? 1 } : undefined;
}

const tagMessages: Record<string, string> = {
  img: htmlImageMessage,
  br: 'the page text contains a <br>, which MDX cannot read on its own: for a new paragraph leave a blank line instead, and remove the <br>',
  style: `the page text contains a <style> element: ${noStyle}`,
};

/** The sentence for an HTML tag `tag` that is not closed the way MDX needs. */
function tagMessage(tag: string): string {
  const known = tagMessages[tag.toLowerCase()] ?? codeElementMessage(tag);
  if (known) return known.startsWith('the page text') ? known : `in the page text: ${known}`;
  return `the page text contains an HTML <${tag}> tag: write the text in Markdown instead (a blank line between paragraphs, "## " before a heading, "- " before a list item, **bold**); remove the <${tag}> and </${tag}> tags`;
}

/**
 * The plain sentence for text the parser could not read: its error gives where, the text says what a writer meant.
 * Both parsers' errors (Sätteri's and micromark's) carry the position; their words are never shown.
 */
export function syntaxProblem(source: string, error: unknown, firstLine = 1): TextProblem {
  const lines = source.split('\n');
  const at = errorPosition(error) ?? { line: firstLine, column: 1 };
  const text = lines[at.line - firstLine] ?? '';
  // The tag named in the message, or the last tag opened on the line before the error.
  const named = /`<\/?([A-Za-z][\w.-]*)[^`]*>`/.exec(String((error as { reason?: string; message?: string })?.reason ?? (error as Error)?.message ?? ''))?.[1];
  const lessThan = text.lastIndexOf('<', at.column);
  const tag = lessThan >= 0 ? /^<\/?([A-Za-z][\w.-]*)/.exec(text.slice(lessThan)) : null;
  const opened = tag ? Object.assign(tag, { index: lessThan }) : undefined;
  const comment = text.indexOf('<!--');
  const brace = text.lastIndexOf('{', at.column - 1);
  if (opened && /^style$/i.test(opened[1]!) && opened.index < (brace < 0 ? Infinity : brace))
    return { line: at.line, column: opened.index + 1, message: tagMessage('style') };
  if (comment >= 0 && comment < at.column + 1) {
    return {
      line: at.line,
      column: comment + 1,
      message: 'the page text contains an HTML comment (<!-- … -->), which MDX cannot read: write a comment as {/* … */}, or remove it',
    };
  }
  if (named) return { ...at, message: tagMessage(named) };
  if (brace >= 0 && !text.slice(brace).startsWith('{{')) {
    const written = text.slice(brace, text.indexOf('}', brace) + 1 || brace + 20);
    return {
      line: at.line,
      column: brace + 1,
      message: `the page text has "${written}": MDX reads a curly brace as the start of code; for a curly brace itself write \\{, for a fact write {{name}} (docs/CONTENT.md lists them)`,
    };
  }
  if (opened) return { line: at.line, column: opened.index + 1, message: tagMessage(opened[1]!) };
  return {
    ...at,
    message: 'the page text cannot be read here: a "<" or "{" starts code in MDX; write \\< or \\{ for the character itself',
  };
}
