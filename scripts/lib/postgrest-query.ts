/**
 * PostgREST's query string, as v13 parses it (src/PostgREST/ApiRequest/QueryParams.hs), for one table:
 * filters (`column=op.value`, ANDed), select, order, limit, offset, columns and on_conflict.
 * Filter values are always sent to Postgres as parameters of unknown type, like PostgREST's
 * `unknownLiteral`, so the column's type decides how they are read (src/PostgREST/Query/SqlFragment.hs).
 *
 * Parse errors carry PostgREST's PGRST100 text: the message is Parsec's position
 * (`"failed to parse filter (x)" (line 1, column 1)`) and the details its expectation list. The filter
 * operator errors reproduce Parsec's choice of the furthest failure; other parse errors keep the same
 * message shape with an approximate position and details.
 */
import { queryParamError, reply, type ErrorReply } from './postgrest-errors.ts';

export type QueryParam = [key: string, value: string | null];

/**
 * http-types' parseQueryReplacePlus, which PostgREST uses: pairs split at `&` *and* `;`, `+` read as a
 * space, `%XX` decoded where both digits are hex and kept as written otherwise; a key without `=` has no value.
 */
export function parseQueryString(raw: string): QueryParam[] {
  const text = raw.startsWith('?') ? raw.slice(1) : raw;
  if (text === '') return [];
  const pairs: QueryParam[] = [];
  let rest = text;
  while (rest !== '') {
    const end = rest.search(/[&;]/);
    const piece = end === -1 ? rest : rest.slice(0, end);
    rest = end === -1 ? '' : rest.slice(end + 1);
    const equals = piece.indexOf('=');
    pairs.push(equals === -1 ? [urlDecode(piece), null] : [urlDecode(piece.slice(0, equals)), urlDecode(piece.slice(equals + 1))]);
  }
  return pairs;
}

export function urlDecode(text: string): string {
  const bytes: number[] = [];
  const source = Buffer.from(text, 'utf8');
  for (let i = 0; i < source.length; i++) {
    const byte = source[i]!;
    if (byte === 0x2b) {
      bytes.push(0x20);
    } else if (byte === 0x25 && i + 2 < source.length && isHex(source[i + 1]) && isHex(source[i + 2])) {
      bytes.push(parseInt(String.fromCharCode(source[i + 1]!, source[i + 2]!), 16));
      i += 2;
    } else {
      bytes.push(byte);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function isHex(byte: number | undefined): boolean {
  return byte !== undefined && /[0-9a-fA-F]/.test(String.fromCharCode(byte));
}

// ---------------------------------------------------------------------------------------------
// Parsec-style error text

interface ParseFailure {
  /** Index (in code points) where the failure is reported. */
  at: number;
  /** The unexpected token as Parsec shows it, or '' for end of input. */
  unexpected: string;
}

/** Haskell's `show` for a String: quotes, backslash escapes, non-ASCII as decimal escapes. */
export function haskellShow(text: string): string {
  const names: Record<number, string> = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r', 34: '\\"', 92: '\\\\' };
  const ascii = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'a', 'b', 't', 'n', 'v', 'f', 'r', 'SO', 'SI', 'DLE',
    'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];
  const chars = Array.from(text);
  let out = '"';
  chars.forEach((char, i) => {
    const code = char.codePointAt(0)!;
    const next = chars[i + 1];
    if (names[code] !== undefined) out += names[code];
    else if (code < 32) out += `\\${ascii[code]}${ascii[code] === 'SO' && next === 'H' ? '\\&' : ''}`;
    else if (code === 127) out += '\\DEL';
    else if (code > 127) out += `\\${code}${next !== undefined && /[0-9]/.test(next) ? '\\&' : ''}`;
    else out += char;
  });
  return `${out}"`;
}

/** Parsec's source position after reading `chars[0..index)`: tabs move to the next multiple of 8, plus 1. */
function position(chars: string[], index: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (const char of chars.slice(0, index)) {
    if (char === '\n') {
      line += 1;
      column = 1;
    } else if (char === '\t') {
      column = column + 8 - ((column - 1) % 8);
    } else {
      column += 1;
    }
  }
  return { line, column };
}

function unexpectedAt(chars: string[], index: number): string {
  return index < chars.length ? haskellShow(chars[index]!) : '';
}

function parsecError(source: string, input: string, failure: ParseFailure, expecting: string[]): ErrorReply {
  const chars = Array.from(input);
  const { line, column } = position(chars, failure.at);
  const unexpected = failure.unexpected === '' ? 'unexpected end of input' : `unexpected ${failure.unexpected}`;
  const expected =
    expecting.length === 0
      ? ''
      : ` expecting ${expecting.length === 1 ? expecting[0] : `${expecting.slice(0, -1).join(', ')} or ${expecting.at(-1)}`}`;
  return queryParamError(`${haskellShow(source)} (line ${line}, column ${column})`, `${unexpected}${expected}`);
}

/** Parsec's `string lit` at `at`: on a mismatch the error is reported where the string started. */
function matchString(chars: string[], at: number, lit: string): number | ParseFailure {
  const wanted = Array.from(lit);
  for (let i = 0; i < wanted.length; i++) {
    if (chars[at + i] !== wanted[i]) return { at, unexpected: unexpectedAt(chars, at + i) };
  }
  return at + wanted.length;
}

/** Case-insensitive `traverse ciChar`: each character is its own parser, so the error is where it differs. */
function matchCaseInsensitive(chars: string[], at: number, lit: string): number | ParseFailure {
  for (let i = 0; i < lit.length; i++) {
    const char = chars[at + i];
    if (char === undefined || char.toLowerCase() !== lit[i]) return { at: at + i, unexpected: unexpectedAt(chars, at + i) };
  }
  return at + lit.length;
}

function furthest(failures: ParseFailure[]): ParseFailure {
  return failures.reduce((best, failure) => (failure.at > best.at ? failure : best));
}

// ---------------------------------------------------------------------------------------------
// Filters

export type Operation =
  | { kind: 'quant'; op: QuantOperator; quantifier: 'any' | 'all' | null; value: string }
  | { kind: 'simple'; op: SimpleOperator; value: string }
  | { kind: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'fts'; op: FtsOperator; language: string | null; value: string };

export interface Filter {
  /** The query string key as sent (PUT compares these with the primary key columns). */
  key: string;
  /** Embedding path: `a.b=eq.1` filters column b of the embedded resource a. */
  path: string[];
  column: string;
  jsonPath: JsonStep[];
  negated: boolean;
  operation: Operation;
}

export interface JsonStep {
  arrow: '->' | '->>';
  operand: { key: string } | { index: string };
}

const quantOperators = ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'] as const;
type QuantOperator = (typeof quantOperators)[number];
const simpleOperators = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const;
type SimpleOperator = (typeof simpleOperators)[number];
const ftsOperators = ['fts', 'plfts', 'phfts', 'wfts'] as const;
type FtsOperator = (typeof ftsOperators)[number];
const isValues = ['null', 'not_null', 'true', 'false', 'unknown'] as const;

const operatorLabel = 'operator (eq, gt, ...)';

/** pOpExpr pSingleVal: `[not.]operator.value`. */
export function parseOperation(value: string): { negated: boolean; operation: Operation } | ErrorReply {
  const source = `failed to parse filter (${value})`;
  const chars = Array.from(value);
  const failures: ParseFailure[] = [];

  const not = matchString(chars, 0, 'not');
  let start = 0;
  let negated = false;
  if (typeof not === 'number' && chars[not] === '.') {
    negated = true;
    start = not + 1;
  } else {
    failures.push(typeof not === 'number' ? { at: not, unexpected: unexpectedAt(chars, not) } : not);
  }
  const rest = (from: number) => chars.slice(from).join('');
  const parsed = (operation: Operation) => ({ negated, operation });

  // pIn: once "in." is read there is no way back.
  const inOp = matchString(chars, start, 'in');
  if (typeof inOp === 'number' && chars[inOp] === '.') {
    const list = parseListValue(chars, inOp + 1);
    if ('values' in list) return parsed({ kind: 'in', values: list.values });
    return parsecError(source, value, list.failure, list.expecting);
  }
  failures.push(typeof inOp === 'number' ? { at: inOp, unexpected: unexpectedAt(chars, inOp) } : inOp);

  // pIs: likewise committed after "is."; the first value that matches wins, the rest is ignored.
  const isOp = matchString(chars, start, 'is');
  if (typeof isOp === 'number' && chars[isOp] === '.') {
    const attempts = isValues.map((candidate) => ({ candidate, end: matchCaseInsensitive(chars, isOp + 1, candidate) }));
    const hit = attempts.find((attempt) => typeof attempt.end === 'number');
    if (hit) return parsed({ kind: 'is', value: hit.candidate });
    const failure = furthest(attempts.map((attempt) => attempt.end as ParseFailure));
    return parsecError(source, value, failure, ['isVal: (null, not_null, true, false, unknown)']);
  }
  failures.push(typeof isOp === 'number' ? { at: isOp, unexpected: unexpectedAt(chars, isOp) } : isOp);

  const isDistinct = matchString(chars, start, 'isdistinct');
  if (typeof isDistinct === 'number' && chars[isDistinct] === '.') {
    return parsed({ kind: 'isdistinct', value: rest(isDistinct + 1) });
  }
  failures.push(typeof isDistinct === 'number' ? { at: isDistinct, unexpected: unexpectedAt(chars, isDistinct) } : isDistinct);

  // try pFts
  for (const op of ftsOperators) {
    const end = matchString(chars, start, op);
    if (typeof end !== 'number') {
      failures.push(end);
      continue;
    }
    let at = end;
    let language: string | null = null;
    if (chars[at] === '(') {
      let close = at + 1;
      while (close < chars.length && /[\p{L}\p{N}_ $]/u.test(chars[close]!)) close++;
      if (close === at + 1) failures.push({ at: close, unexpected: unexpectedAt(chars, close) });
      else if (chars[close] !== ')') failures.push({ at: close, unexpected: unexpectedAt(chars, close) });
      else {
        language = chars.slice(at + 1, close).join('').trim();
        at = close + 1;
      }
    }
    if (chars[at] === '.') return parsed({ kind: 'fts', op, language, value: rest(at + 1) });
    failures.push({ at, unexpected: unexpectedAt(chars, at) });
    break;
  }

  // try pSimpleOp: the first operator name that matches is the only one tried.
  const simple = simpleOperators.find((op) => typeof matchString(chars, start, op) === 'number');
  for (const op of simpleOperators) {
    if (op === simple) break;
    failures.push(matchString(chars, start, op) as ParseFailure);
  }
  if (simple !== undefined) {
    const end = start + simple.length;
    if (chars[end] === '.') return parsed({ kind: 'simple', op: simple, value: rest(end + 1) });
    failures.push({ at: end, unexpected: unexpectedAt(chars, end) });
  }

  // try pQuantOp
  const quant = quantOperators.find((op) => typeof matchString(chars, start, op) === 'number');
  for (const op of quantOperators) {
    if (op === quant) break;
    failures.push(matchString(chars, start, op) as ParseFailure);
  }
  if (quant !== undefined) {
    let at = start + quant.length;
    let quantifier: 'any' | 'all' | null = null;
    if (chars[at] === '(') {
      const word = (['any', 'all'] as const).map((q) => ({ q, end: matchString(chars, at + 1, q) }));
      const hit = word.find((w) => typeof w.end === 'number');
      if (hit === undefined) failures.push(...word.map((w) => w.end as ParseFailure));
      else if (chars[hit.end as number] !== ')') {
        failures.push({ at: hit.end as number, unexpected: unexpectedAt(chars, hit.end as number) });
      } else {
        quantifier = hit.q;
        at = (hit.end as number) + 1;
      }
    }
    if (chars[at] === '.') return parsed({ kind: 'quant', op: quant, quantifier, value: rest(at + 1) });
    failures.push({ at, unexpected: unexpectedAt(chars, at) });
  }

  const failure = furthest(failures);
  const expecting = failure.at === 0 && !negated ? ['"not"', operatorLabel] : [operatorLabel];
  // The unexpected token is the first one reported at the furthest position.
  const first = failures.find((f) => f.at === failure.at)!;
  return parsecError(source, value, first, expecting);
}

/** pListVal: `(a,b,"c,d")` with optional blanks around the parentheses. */
function parseListValue(chars: string[], at: number): { values: string[] } | { failure: ParseFailure; expecting: string[] } {
  const skipBlanks = (i: number) => {
    while (chars[i] === ' ' || chars[i] === '\t') i++;
    return i;
  };
  let i = skipBlanks(at);
  if (chars[i] !== '(') return { failure: { at: i, unexpected: unexpectedAt(chars, i) }, expecting: ['"("'] };
  i = skipBlanks(i + 1);
  const values: string[] = [];
  for (;;) {
    const quoted = readQuoted(chars, i);
    if (quoted !== null && (chars[quoted.end] === undefined || chars[quoted.end] === ',' || chars[quoted.end] === ')')) {
      values.push(quoted.value);
      i = quoted.end;
    } else {
      let end = i;
      while (end < chars.length && chars[end] !== ',' && chars[end] !== ')') end++;
      values.push(chars.slice(i, end).join(''));
      i = end;
    }
    if (chars[i] === ',') {
      i += 1;
      continue;
    }
    break;
  }
  i = skipBlanks(i);
  if (chars[i] !== ')') return { failure: { at: i, unexpected: unexpectedAt(chars, i) }, expecting: ['","', '")"'] };
  return { values };
}

/** pQuotedValue: `"..."` where a backslash takes the next character as it is. */
function readQuoted(chars: string[], at: number): { value: string; end: number } | null {
  if (chars[at] !== '"') return null;
  let value = '';
  for (let i = at + 1; i < chars.length; i++) {
    if (chars[i] === '\\' && i + 1 < chars.length) {
      value += chars[++i];
    } else if (chars[i] === '"') {
      return { value, end: i + 1 };
    } else if (chars[i] === '\\') {
      return null;
    } else {
      value += chars[i];
    }
  }
  return null;
}

const identifierChar = /[\p{L}0-9_ $]/u;
const fieldNameLabel = 'field name (* or [a..z0..9_$])';

/** pFieldName: a quoted name, or identifiers joined by dashes (a dash before `>` starts a JSON arrow instead). */
function readFieldName(chars: string[], at: number): { name: string; end: number } | ParseFailure {
  const quoted = readQuoted(chars, at);
  if (quoted !== null) return { name: quoted.value, end: quoted.end };
  const parts: string[] = [];
  let i = at;
  for (;;) {
    const start = i;
    while (i < chars.length && identifierChar.test(chars[i]!)) i++;
    if (i === start) {
      if (parts.length === 0) return { at: i, unexpected: unexpectedAt(chars, i) };
      // `sepBy1` after a dash wants another identifier.
      return { at: i, unexpected: unexpectedAt(chars, i) };
    }
    parts.push(chars.slice(start, i).join('').trim());
    if (chars[i] === '-' && chars[i + 1] !== '>') {
      i += 1;
      continue;
    }
    return { name: parts.join('-'), end: i };
  }
}

/** pJsonKeyName: a quoted key, or runs of anything but `(-:.,>)` joined by dashes that do not start an arrow. */
function readJsonKey(chars: string[], at: number): { name: string; end: number } | ParseFailure {
  const quoted = readQuoted(chars, at);
  if (quoted !== null) return { name: quoted.value, end: quoted.end };
  const parts: string[] = [];
  let i = at;
  for (;;) {
    const start = i;
    while (i < chars.length && !'(-:.,>)'.includes(chars[i]!)) i++;
    if (i === start) return { at: i, unexpected: unexpectedAt(chars, i) };
    parts.push(chars.slice(start, i).join('').trim());
    if (chars[i] === '-' && chars[i + 1] !== '>') {
      i += 1;
      continue;
    }
    return { name: parts.join('-'), end: i };
  }
}

/** pTreePath: `name(.name)*` then an optional JSON path; whatever follows is ignored, as Parsec stops there. */
export function parseFilterKey(key: string): { path: string[]; column: string; jsonPath: JsonStep[] } | ErrorReply {
  const chars = Array.from(key);
  const source = `failed to parse tree path (${key})`;
  const names: string[] = [];
  let i = 0;
  for (;;) {
    const field = readFieldName(chars, i);
    if ('unexpected' in field) return parsecError(source, key, field, [fieldNameLabel]);
    names.push(field.name);
    i = field.end;
    if (chars[i] === '.') {
      i += 1;
      continue;
    }
    break;
  }
  const jsonPath: JsonStep[] = [];
  for (;;) {
    const arrow = chars[i] === '-' && chars[i + 1] === '>' ? (chars[i + 2] === '>' ? '->>' : '->') : null;
    if (arrow === null) break;
    i += arrow.length;
    const index = /^-?[0-9]+/.exec(chars.slice(i).join(''));
    const afterIndex = index ? i + index[0].length : i;
    const rest = chars.slice(afterIndex).join('');
    if (index && (rest === '' || rest.startsWith('->') || rest.startsWith('::') || rest.startsWith('.') || rest.startsWith(','))) {
      jsonPath.push({ arrow, operand: { index: index[0].startsWith('-') ? index[0] : `+${index[0]}` } });
      i = afterIndex;
      continue;
    }
    const name = readJsonKey(chars, i);
    if ('unexpected' in name) {
      return parsecError(source, key, name, ['"-"', '"->>"', '"->"', '"."']);
    }
    jsonPath.push({ arrow, operand: { key: name.name } });
    i = name.end;
    continue;
  }
  return { path: names.slice(0, -1), column: names.at(-1)!, jsonPath };
}

// ---------------------------------------------------------------------------------------------
// Whole query string

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

export interface TableQuery {
  /** `*` or the selected column names. */
  select: string[] | '*';
  filters: Filter[];
  order: OrderTerm[];
  /** The raw `limit`/`offset` values, as PostgREST reads them (anything but an integer is ignored). */
  limit: number | null;
  offset: number | null;
  columns: string[] | null;
  onConflict: string[] | null;
  /** Query parameters PostgREST accepts that the local backend does not emulate. */
  unsupported: string[];
}

const reserved = new Set(['select', 'columns', 'on_conflict']);
const reservedEmbeddable = new Set(['order', 'limit', 'offset', 'and', 'or']);

function lastWord(key: string): string {
  return key.split('.').at(-1)!;
}

export function parseTableQuery(raw: string): TableQuery | ErrorReply {
  const params = parseQueryString(raw);
  const nonEmpty = params.filter((p): p is [string, string] => p[1] !== null);
  const lookup = (name: string) => params.find(([key]) => key === name)?.[1] ?? null;
  const unsupported: string[] = [];

  // QueryParams.parse's order: order, logic trees, columns, select, filters, on_conflict.
  const order: OrderTerm[] = [];
  for (const [key, value] of nonEmpty.filter(([key]) => lastWord(key) === 'order')) {
    if (key !== 'order') {
      unsupported.push(key);
      continue;
    }
    const terms = parseOrder(value);
    if ('status' in terms) return terms;
    order.push(...terms);
  }
  for (const [key] of nonEmpty.filter(([key]) => ['and', 'or'].includes(lastWord(key)))) unsupported.push(key);

  const columnsParam = lookup('columns');
  let columns: string[] | null = null;
  if (columnsParam !== null) {
    const parsed = parseColumnList(columnsParam, `failed to parse columns parameter (${columnsParam})`);
    if ('status' in parsed) return parsed;
    columns = parsed;
  }

  const selectParam = lookup('select') ?? '*';
  const select = parseSelect(selectParam);
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

  const onConflictParam = lookup('on_conflict');
  let onConflict: string[] | null = null;
  if (onConflictParam !== null) {
    const parsed = parseColumnList(onConflictParam, `failed to parse on_conflict parameter (${onConflictParam})`);
    if ('status' in parsed) return parsed;
    onConflict = parsed;
  }

  const readInteger = (name: string) => {
    const found = nonEmpty.filter(([key]) => key === name);
    if (nonEmpty.some(([key]) => key !== name && lastWord(key) === name)) unsupported.push(`<embedded>.${name}`);
    const value = found.at(-1)?.[1]?.trim();
    return value !== undefined && /^-?[0-9]+$/.test(value) ? Number(value) : null;
  };
  return {
    select,
    filters,
    order,
    limit: readInteger('limit'),
    offset: readInteger('offset'),
    columns,
    onConflict,
    unsupported,
  };
}

/** pColumns: field names separated by commas (blanks around them are dropped). */
function parseColumnList(value: string, source: string): string[] | ErrorReply {
  const chars = Array.from(value);
  const names: string[] = [];
  let i = 0;
  for (;;) {
    const field = readFieldName(chars, i);
    if ('unexpected' in field) return parsecError(source, value, field, [fieldNameLabel]);
    names.push(field.name);
    i = field.end;
    let j = i;
    while (chars[j] === ' ' || chars[j] === '\t') j++;
    if (chars[j] !== ',') break;
    j += 1;
    while (chars[j] === ' ' || chars[j] === '\t') j++;
    i = j;
  }
  return names;
}

/** The local backend's select: `*` or plain column names (PostgREST's aliases, casts and embeds are not emulated). */
function parseSelect(value: string): string[] | '*' | ErrorReply {
  const items = value.split(',').map((item) => item.trim());
  if (value === '' || items.includes('*')) return items.every((item) => item === '*' || /^[\p{L}0-9_$]+$/u.test(item)) ? '*' : unsupportedSelect(value);
  const names: string[] = [];
  for (const item of items) {
    const field = readFieldName(Array.from(item), 0);
    if ('unexpected' in field || field.end !== Array.from(item).length) return unsupportedSelect(value);
    names.push(field.name);
  }
  return names;
}

function unsupportedSelect(value: string): ErrorReply {
  return reply(400, 'PGRST100', `The local backend's select takes * or plain column names, not '${value}'`);
}

function parseOrder(value: string): OrderTerm[] | ErrorReply {
  const terms: OrderTerm[] = [];
  for (const term of value.split(',')) {
    const match = /^\s*(.+?)(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?\s*$/.exec(term);
    const field = match ? readFieldName(Array.from(match[1]!), 0) : null;
    if (!match || field === null || 'unexpected' in field || field.end !== Array.from(match[1]!).length) {
      return reply(400, 'PGRST100', `The local backend's order takes column[.asc|.desc][.nullsfirst|.nullslast], not '${term}'`);
    }
    terms.push({
      column: field.name,
      direction: (match[2] as 'asc' | 'desc' | undefined) ?? null,
      nulls: match[3] === 'nullsfirst' ? 'first' : match[3] === 'nullslast' ? 'last' : null,
    });
  }
  return terms;
}

// ---------------------------------------------------------------------------------------------
// SQL

/** Collects query parameters; Postgres infers their types from where they are used (PostgREST's unknown literals). */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** PostgREST's escapeIdent: double quotes doubled, NUL characters dropped. */
export function ident(name: string): string {
  return `"${name.replaceAll('\0', '').replaceAll('"', '""')}"`;
}

/** pgBuildArrayLiteral: `{"a","b"}` with backslashes and quotes escaped. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\0', '').replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

const quantSql: Record<QuantOperator, string> = {
  eq: '=', gte: '>=', gt: '>', lte: '<=', lt: '<', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
};
const simpleSql: Record<SimpleOperator, string> = {
  neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
};
const ftsSql: Record<FtsOperator, string> = {
  fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery',
};

/** pgFmtField: the column, through to_jsonb when a JSON path follows (none of our columns is json). */
export function fieldSql(table: string, filter: Pick<Filter, 'column' | 'jsonPath'>, params: SqlParams): string {
  const column = `${table}.${ident(filter.column)}`;
  if (filter.jsonPath.length === 0) return column;
  const steps = filter.jsonPath
    .map((step) => `${step.arrow}${'key' in step.operand ? params.add(step.operand.key) : `${params.add(step.operand.index)}::int`}`)
    .join('');
  return `to_jsonb(${column})${steps}`;
}

/** pgFmtFilter for a root filter on `table` (already quoted and qualified). */
export function filterSql(table: string, filter: Filter, params: SqlParams): string {
  const not = filter.negated ? 'NOT ' : '';
  const { operation } = filter;
  if (operation.kind === 'fts') {
    const language = operation.language === null ? '' : `${params.add(operation.language)}, `;
    const field = `to_tsvector(${language}${fieldSql(table, filter, params)})`;
    return `${not}${field} @@ ${ftsSql[operation.op]}(${language}${params.add(operation.value)})`;
  }
  const field = fieldSql(table, filter, params);
  switch (operation.kind) {
    case 'quant': {
      const value = operation.op === 'like' || operation.op === 'ilike' ? operation.value.replaceAll('*', '%') : operation.value;
      const operand = params.add(value);
      const quantified = operation.quantifier === null ? operand : `${operation.quantifier.toUpperCase()}(${operand})`;
      return `${not}${field} ${quantSql[operation.op]} ${quantified}`;
    }
    case 'simple':
      return `${not}${field} ${simpleSql[operation.op]} ${params.add(operation.value)}`;
    case 'is':
      return `${not}${field} IS ${operation.value === 'not_null' ? 'NOT NULL' : operation.value.toUpperCase()}`;
    case 'isdistinct':
      return `${not}${field} IS DISTINCT FROM ${params.add(operation.value)}`;
    case 'in':
      return operation.values.length === 1 && operation.values[0] === ''
        ? `${not}${field} = ANY('{}')`
        : `${not}${field} = ANY (${params.add(arrayLiteral(operation.values))})`;
  }
}
