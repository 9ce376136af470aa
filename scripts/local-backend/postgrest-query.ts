/**
 * PostgREST v13's query string for one table (src/PostgREST/ApiRequest/QueryParams.hs), reduced to what
 * the form, the staff tools and an attacker plausibly send: filters `column=[not.]op.value` (ANDed),
 * select, order, limit, offset, columns and on_conflict.
 *
 * Filter operators: eq, neq, gt, gte, lt, lte, like, ilike, is and in. Any other operator (fts, cs, match,
 * eq(any)…), a JSON path or a malformed value answers 400 PGRST100 in PostgREST's message shape, but the
 * text is approximate: PostgREST prints Parsec's position and expectations, which are not emulated here.
 * The SQL for filters is in postgrest-sql.ts.
 */
import { queryParamError, reply, type ErrorReply } from './postgrest-errors.ts';

type QueryParam = [key: string, value: string | null];

/**
 * http-types' parseQueryReplacePlus, as PostgREST reads it: pairs split at `&` and `;`, a key without `=`
 * has no value. URLSearchParams decodes each pair the same way (`+` as a space, a malformed `%XX` kept as
 * written), except that it drops a `?` at the start of a pair, which no client sends.
 */
export function parseQueryString(raw: string): QueryParam[] {
  return raw
    .split(/[&;]/)
    .filter((piece) => piece !== '')
    .map((piece): QueryParam => {
      const [key, value] = [...new URLSearchParams(piece)][0]!;
      return [key, piece.includes('=') ? value : null];
    });
}

// ---------------------------------------------------------------------------------------------
// Filters

const comparisons = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike'] as const;
export type Comparison = (typeof comparisons)[number];
const isValues = ['null', 'not_null', 'true', 'false', 'unknown'] as const;

type Operation =
  | { kind: 'compare'; op: Comparison; value: string }
  | { kind: 'is'; value: (typeof isValues)[number] }
  | { kind: 'in'; values: string[] };

export interface Filter {
  /** The query string key as sent (PUT compares these with the primary key columns). */
  key: string;
  /** Embedding path: `a.b=eq.1` filters column b of the embedded resource a (none exist here). */
  path: string[];
  column: string;
  negated: boolean;
  operation: Operation;
}

const operatorList = `operator (${[...comparisons, 'is', 'in'].join(', ')})`;

/** `[not.]operator.value` */
function parseOperation(value: string): { negated: boolean; operation: Operation } | ErrorReply {
  const fail = (details: string) => parseError(`failed to parse filter (${value})`, details);
  const match = /^(not\.)?([^.]*)\.(.*)$/su.exec(value);
  if (!match) return fail(`expecting "not" or ${operatorList} followed by "."`);
  const [, not, op = '', operand = ''] = match;
  const negated = not !== undefined;
  if ((comparisons as readonly string[]).includes(op)) return { negated, operation: { kind: 'compare', op: op as Comparison, value: operand } };
  if (op === 'is') {
    // Like Parsec's `ciString`, the first value that matches wins and whatever follows it is ignored.
    const hit = isValues.find((candidate) => operand.toLowerCase().startsWith(candidate));
    return hit ? { negated, operation: { kind: 'is', value: hit } } : fail('expecting isVal: (null, not_null, true, false, unknown)');
  }
  if (op === 'in') {
    const values = parseList(operand);
    return values ? { negated, operation: { kind: 'in', values } } : fail('expecting a list such as (a,b,"c,d")');
  }
  return fail(`unexpected ${JSON.stringify(op)} expecting ${operatorList}`);
}

/**
 * pListVal: `(a,b,"c,d")`, blanks allowed after `(`. A quoted element ends at its closing quote and takes
 * the character after a backslash as it is; anything after the `)` is ignored, as Parsec stops there.
 */
function parseList(text: string): string[] | null {
  const open = /^[ \t]*\([ \t]*/.exec(text);
  if (!open) return null;
  const element = /"((?:[^"\\]|\\.)*)"(?=[,)]|$)|[^,)]*/suy;
  element.lastIndex = open[0].length;
  const values: string[] = [];
  for (;;) {
    const found = element.exec(text)!;
    values.push(found[1] === undefined ? found[0] : found[1].replace(/\\(.)/gsu, '$1'));
    if (text[element.lastIndex] !== ',') break;
    element.lastIndex += 1;
  }
  return text[element.lastIndex] === ')' ? values : null;
}

/**
 * pFieldName: a double-quoted name, or letters, digits, `_`, `$` and blanks, with dashes between parts
 * (each part trimmed). Stricter than PostgREST, which ignores what follows a name (e.g. a `->` JSON path).
 */
function fieldName(text: string): string | null {
  const quoted = /^"((?:[^"\\]|\\.)*)"$/su.exec(text);
  if (quoted) return quoted[1]!.replace(/\\(.)/gsu, '$1');
  if (!/^[\p{L}0-9_ $]+(?:-[\p{L}0-9_ $]+)*$/u.test(text)) return null;
  const parts = text.split('-').map((part) => part.trim());
  return parts.includes('') ? null : parts.join('-');
}

function parseError(source: string, details: string): ErrorReply {
  return queryParamError(JSON.stringify(source), details);
}

/** pTreePath: `name(.name)*`, the last name being the column. */
function parseFilterKey(key: string): { path: string[]; column: string } | ErrorReply {
  const names = key.split('.').map(fieldName);
  if (names.some((name) => name === null)) {
    return parseError(`failed to parse tree path (${key})`, 'expecting field names (* or [a..z0..9_$]) separated by "."');
  }
  return { path: names.slice(0, -1) as string[], column: names.at(-1)! };
}

// ---------------------------------------------------------------------------------------------
// Whole query string

interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

export interface TableQuery {
  /** `*` or the selected column names. */
  select: string[] | '*';
  filters: Filter[];
  order: OrderTerm[];
  /** `limit`/`offset` as integers; PostgREST ignores any other value. */
  limit: number | null;
  offset: number | null;
  columns: string[] | null;
  onConflict: string[] | null;
  /** Query parameters PostgREST accepts that the local backend does not emulate. */
  unsupported: string[];
}

const reserved = new Set(['select', 'columns', 'on_conflict']);
/** Keys that are no filter, also when prefixed by an embedded resource (`clients.order`). */
const reservedEmbeddable = new Set(['order', 'limit', 'offset', 'and', 'or']);
const lastWord = (key: string) => key.split('.').at(-1)!;

export function parseTableQuery(raw: string): TableQuery | ErrorReply {
  const params = parseQueryString(raw);
  const nonEmpty = params.filter((p): p is [string, string] => p[1] !== null);
  const lookup = (name: string) => params.find(([key]) => key === name)?.[1] ?? null;
  // Logic trees and parameters on embedded resources.
  const unsupported = nonEmpty
    .map(([key]) => key)
    .filter((key) => ['and', 'or'].includes(lastWord(key)) || (reservedEmbeddable.has(lastWord(key)) && key.includes('.')));

  // QueryParams.parse's order, so the first error is PostgREST's: order, columns, select, filters, on_conflict.
  const order: OrderTerm[] = [];
  for (const [, value] of nonEmpty.filter(([key]) => key === 'order')) {
    const terms = parseOrder(value);
    if ('status' in terms) return terms;
    order.push(...terms);
  }

  const columns = parseColumnList(lookup('columns'), 'columns');
  if (columns !== null && 'status' in columns) return columns;

  const select = parseSelect(lookup('select') ?? '*');
  if (typeof select === 'object' && 'status' in select) return select;

  const filters: Filter[] = [];
  for (const [key, value] of nonEmpty) {
    if (reserved.has(key) || reservedEmbeddable.has(lastWord(key))) continue;
    const target = parseFilterKey(key);
    if ('status' in target) return target;
    const operation = parseOperation(value);
    if ('status' in operation) return operation;
    filters.push({ key, ...target, ...operation });
  }

  const onConflict = parseColumnList(lookup('on_conflict'), 'on_conflict');
  if (onConflict !== null && 'status' in onConflict) return onConflict;

  const readInteger = (name: string) => {
    const value = nonEmpty.filter(([key]) => key === name).at(-1)?.[1].trim();
    return value !== undefined && /^-?[0-9]+$/.test(value) ? Number(value) : null;
  };
  return { select, filters, order, limit: readInteger('limit'), offset: readInteger('offset'), columns, onConflict, unsupported };
}

/** pColumns: field names separated by commas, blanks around them dropped. */
function parseColumnList(value: string | null, param: string): string[] | ErrorReply | null {
  if (value === null) return null;
  const names = value.split(',').map((item) => fieldName(item.trim()));
  if (names.every((name) => name !== null)) return names as string[];
  return parseError(`failed to parse ${param} parameter (${value})`, 'expecting field names (* or [a..z0..9_$]) separated by ","');
}

/** The local backend's select: `*` or plain column names (PostgREST's aliases, casts and embeds are not emulated). */
function parseSelect(value: string): string[] | '*' | ErrorReply {
  if (value === '') return '*';
  const items = value.split(',').map((item) => item.trim());
  const names = items.map((item) => (item === '*' ? '*' : fieldName(item)));
  if (names.includes(null)) {
    return reply(400, 'PGRST100', `The local backend's select takes * or plain column names, not '${value}'`);
  }
  return names.includes('*') ? '*' : (names as string[]);
}

function parseOrder(value: string): OrderTerm[] | ErrorReply {
  const terms: OrderTerm[] = [];
  for (const term of value.split(',')) {
    const match = /^\s*(.+?)(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?\s*$/.exec(term);
    const column = match ? fieldName(match[1]!) : null;
    if (column === null) {
      return reply(400, 'PGRST100', `The local backend's order takes column[.asc|.desc][.nullsfirst|.nullslast], not '${term}'`);
    }
    const [, , direction, nulls] = match!;
    terms.push({ column, direction: (direction as 'asc' | 'desc' | undefined) ?? null, nulls: nulls === undefined ? null : nulls === 'nullsfirst' ? 'first' : 'last' });
  }
  return terms;
}
