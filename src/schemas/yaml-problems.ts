/**
 * Frontmatter the YAML parser rejects, in a writer's words. Shared by the build (content-loader.ts) and the
 * editor at /admin (src/cms/editor/frontmatter-format.ts), so both name the same line with the same sentence; it runs
 * in the browser too, so it imports nothing from Node. The parser is the `yaml` package with the options Astro's
 * frontmatter reader passes it (@astrojs/internal-helpers/yaml, since Astro 7.4; tests/unit/astro-internals.test.ts
 * breaks if they change): a file the editor accepts is a file the build accepts.
 */
import { parseDocument, YAMLParseError, type DocumentOptions, type ErrorCode, type ParseOptions, type SchemaOptions } from 'yaml';
import { frontmatterBounds } from './yaml-bounds.ts';

/** What Astro's `parseYaml` passes to `parseDocument`. */
export const astroYamlOptions: ParseOptions & DocumentOptions & SchemaOptions = { customTags: ['timestamp'], merge: true, schema: 'core' };

/** The parts of a parser error a hint reads: yaml's `code`, and its message where one code covers several slips. */
export interface YamlError {
  code?: ErrorCode | string;
  message: string;
}

export const unclosedFrontmatter = 'the frontmatter is never closed: add a line with only --- after its last field, before the text of the page';

/** How often `character` occurs in `text` outside quoted text. */
const count = (text: string, character: string) => text.replace(/'[^']*'|"[^"]*"/g, '').split(character).length - 1;

const curlyQuoted = /(?::|^\s*-)\s+[“”„‘’‚«»]/;

/** Codes yaml gives when a one-line list or group `[ … ]`, `{ … }` goes wrong. */
const flowCodes = new Set(['BAD_INDENT', 'MISSING_CHAR', 'UNEXPECTED_TOKEN', 'BLOCK_IN_FLOW']);
/** Codes yaml gives when a line is not where its indentation says. */
const indentCodes = new Set(['BAD_INDENT', 'BLOCK_AS_IMPLICIT_KEY', 'MULTILINE_IMPLICIT_KEY', 'MISSING_CHAR']);

/** A sentence in front of a YAML parser error, for the slips writers make most; `line` is the line it points at. */
export function yamlHint(error: YamlError, line = '', lineAbove = ''): string {
  const code = error.code ?? '';
  if (code === 'TAB_AS_INDENT') return 'Indent with spaces (two per level), never with tabs.';
  if (code === 'DUPLICATE_KEY') return 'The same field appears twice in one group: keep one of them.';
  if (curlyQuoted.test(line)) {
    return "This line's text is wrapped in curly quotes “…” (as Word and e-mail type them), which YAML does not read as quotes: use straight quotes instead, e.g. title: 'Cloud: the next step'.";
  }
  if (line.includes('\u00a0') || lineAbove.includes('\u00a0')) {
    return 'This line or the one above has a non-breaking space (pasted from Word or a web page) where YAML needs an ordinary space: delete the spaces after the colon and at the start of the line, and type them again.';
  }
  if (/:\s+\{\{/.test(line)) return "Text that starts with a fact ({{name}}) must be in quotes, e.g. label: '{{yearsExperience}} Years Experience'.";
  // The parser notices an unclosed bracket only on a later line: quoting the line it names would not help.
  const unclosed = [line, lineAbove].find((text) => count(text, '[') > count(text, ']') || count(text, '{') > count(text, '}'));
  if (unclosed !== undefined && flowCodes.has(code)) {
    const bracket = count(unclosed, '[') > count(unclosed, ']') ? ['[', ']'] : ['{', '}'];
    return `A "${bracket[0]}" opened on this line or the one above is never closed: end a list written on one line with "${bracket[1]}" (e.g. features: [one, two]), or, for text that starts with "${bracket[0]}", put the whole text in quotes.`;
  }
  if (code === 'BLOCK_IN_FLOW' || /(:|^\s*-)\s+[[{]/.test(line)) {
    return 'Text that starts with { or [ is read as a group or a list: put the whole text in quotes.';
  }
  if (/:\s.*:\s/.test(line)) {
    return 'This line has ": " (a colon and a space) inside its text, which YAML reads as a new field: put the whole text in quotes, e.g. note: \'Free Initial Consultation: a no-obligation session\'.';
  }
  // MISSING_CHAR also covers a missing ":" or ",": only its "Missing closing 'quote" is about quotes.
  if (code === 'MISSING_CHAR' && /closing .?quote/i.test(error.message)) {
    return 'A quote is opened and never closed: end the text with the same quote mark it starts with.';
  }
  if (indentCodes.has(code)) {
    return 'This line is indented differently from the lines around it: indent each level by two spaces, and start list items with "- " under their field.';
  }
  return 'The frontmatter is not valid YAML. Look at the line named: quote text that contains ": " or " #", or that starts with a symbol such as #, *, @, { or [.';
}

/** The parser's own words, without the copy of the line yaml appends (the message names the line already). */
export const parserWords = (error: YamlError) => error.message.split('\n')[0]!.replace(/:$/, '');

/** The whole message for a parser error at `line` (1-based) of the file `source`: the hint, then the parser's own words. */
export function yamlProblemText(error: YamlError, source: string, line?: number): string {
  const lines = source.split('\n');
  const at = line === undefined ? '' : (lines[line - 1] ?? '');
  const above = line === undefined || line < 2 ? '' : (lines[line - 2] ?? '');
  return `${yamlHint(error, at, above)}\n\nThe YAML parser said: ${parserWords(error)}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface FrontmatterProblem {
  /** 1-based line in the file. */
  line: number;
  text: string;
}

/** Why the build cannot read this file's frontmatter, or undefined when it can. */
export function frontmatterProblem(source: string): FrontmatterProblem | undefined {
  if (/^---\r?\n/.test(source) && !/\r?\n---\s*(\r?\n|$)/.test(source.slice(3))) return { line: 1, text: unclosedFrontmatter };
  // Astro's own pattern (@astrojs/internal-helpers/frontmatter): the YAML starts right after the opening ---.
  const match = /(?:^\uFEFF?|^\s*\n)---([\s\S]*?\n)---/.exec(source);
  if (!match) return undefined;
  // Anchors, aliases, merge keys, tags and oversize frontmatter, before the parser builds the values (yaml-bounds.ts).
  const [outOfBounds, ...more] = frontmatterBounds(source);
  if (outOfBounds) {
    const also = more.length > 0 ? `\n\nLines ${more.map((problem) => problem.line).join(', ')} also have an anchor, alias, merge key or tag to remove.` : '';
    return { line: outOfBounds.line, text: `${capitalised(outOfBounds.text)}${also}` };
  }
  // As Astro's parseYaml: the first of the document's errors is the one the build reports.
  const error = parseDocument(match[1]!, astroYamlOptions).errors[0];
  if (!error) return undefined;
  if (!(error instanceof YAMLParseError)) throw error;
  const linesBefore = source.slice(0, match.index + match[0].indexOf('---')).split('\n').length - 1;
  const line = linesBefore + (error.linePos?.[0].line ?? 1);
  return { line, text: yamlProblemText(error, source, line) };
}
