/**
 * Request bodies and Prefer headers as PostgREST v13 reads them for a table:
 * src/PostgREST/ApiRequest.hs (getPayload, payloadAttributes, csvToJson), src/PostgREST/MediaType.hs
 * (decodeMediaType, toMime) and src/PostgREST/ApiRequest/Preferences.hs (fromHeaders).
 */
import type { IncomingMessage } from 'node:http';
import { invalidBody, type ErrorReply } from './postgrest-errors.ts';
import { parseQueryString } from './postgrest-query.ts';

// ---------------------------------------------------------------------------------------------
// Media types

type BodyMediaType = 'json' | 'csv' | 'form' | { other: string };

/**
 * decodeMediaType, reduced to what a table write needs: which of JSON, CSV and form data the body is,
 * or the text toMime would print for anything else (text/plain, text/xml, application/xml, ...).
 * No Content-Type counts as JSON; parameters such as `charset` do not matter.
 */
export function bodyMediaType(header: string | undefined): BodyMediaType {
  if (header === undefined) return 'json';
  const raw = Buffer.from(header, 'latin1').toString('latin1');
  const match = /^([A-Za-z0-9.*]+)\/([A-Za-z0-9.*+-]+)((?:\s*;\s*[^;=]+=(?:"[^"]*"|[^;]*))*)/.exec(raw);
  if (!match) return { other: raw };
  const main = match[1]!.toLowerCase();
  const sub = match[2]!.toLowerCase();
  const params = new Map<string, string>();
  for (const param of (match[3] ?? '').split(';').slice(1)) {
    const [key, ...value] = param.split('=');
    params.set(key!.trim().toLowerCase(), value.join('=').trim().replace(/^"(.*)"$/, '$1'));
  }
  const stripped = params.get('nulls') === 'stripped';
  switch (`${main}/${sub}`) {
    case 'application/json':
      return 'json';
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripped ? { other: 'application/vnd.pgrst.array+json;nulls=stripped' } : 'json';
    case 'text/csv':
      return 'csv';
    case 'application/x-www-form-urlencoded':
      return 'form';
    case 'application/geo+json':
    case 'text/plain':
    case 'text/xml':
    case 'application/openapi+json':
    case 'application/octet-stream':
      return { other: `${main}/${sub}` };
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { other: `application/vnd.pgrst.object+json${stripped ? ';nulls=stripped' : ''}` };
    case '*/*':
      return { other: '*/*' };
    default:
      if (main === 'application' && /^vnd\.pgrst\.plan(\+(json|text))?$/.test(sub)) {
        const format = sub.endsWith('+json') ? 'json' : 'text';
        const target = bodyMediaType(params.get('for') ?? 'application/json');
        const targetMime = target === 'json' ? 'application/json' : target === 'csv' ? 'text/csv' : target === 'form' ? 'application/x-www-form-urlencoded' : target.other;
        const options = (params.get('options') ?? '').split('|').filter((o) => ['analyze', 'verbose', 'settings', 'buffers', 'wal'].includes(o));
        return { other: `application/vnd.pgrst.plan+${format}; for="${targetMime}"${options.length ? `; options=${options.join('|')}` : ''}` };
      }
      // MTOther keeps the header exactly as sent.
      return { other: raw };
  }
}

// ---------------------------------------------------------------------------------------------
// Payloads

export interface Payload {
  /** JSON text handed to Postgres, as PostgREST's payRaw. */
  json: string;
  /** The columns to write: the body's keys, or `?columns=` for a raw JSON body. */
  columns: string[];
  /** Whether json_to_record (an object) rather than json_to_recordset applies. */
  isObject: boolean;
}

/**
 * getPayload for POST, PATCH and PUT on a table. `columnsParam` is `?columns=` (POST and PATCH only):
 * with it a JSON body is passed to Postgres unparsed, as PostgREST's RawJSON.
 */
export function parsePayload(body: Buffer, mediaType: BodyMediaType, columnsParam: string[] | null): Payload | ErrorReply {
  if (mediaType === 'json') {
    const text = body.toString('utf8');
    if (columnsParam !== null) return { json: text, columns: unique(columnsParam), isObject: /^[ \t\n\r]*\{/.test(text) };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return invalidBody('Empty or invalid json');
    }
    return payloadAttributes(text, value) ?? invalidBody('All object keys must match');
  }
  if (mediaType === 'csv') {
    const rows = csvToJson(body.toString('utf8'));
    if ('status' in rows) return rows;
    return payloadAttributes(JSON.stringify(rows), rows) ?? invalidBody('All lines must have same number of fields');
  }
  if (mediaType === 'form') {
    // parseSimpleQuery (a key without `=` gets ""), then HM.fromList: a repeated key keeps its last value.
    // Reading the bytes as UTF-8 first differs from PostgREST only for invalid UTF-8 next to a %XX escape.
    const object: Record<string, string> = {};
    for (const [key, value] of parseQueryString(body.toString('utf8'))) object[key] = value ?? '';
    return { json: JSON.stringify(object), columns: Object.keys(object), isObject: true };
  }
  return invalidBody(`Content-Type not acceptable: ${mediaType.other}`);
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}

/** payloadAttributes: an object, or an array of objects that all have the same keys; anything else is no rows. */
function payloadAttributes(raw: string, value: unknown): Payload | null {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(value)) {
    if (value.length === 0) return { json: '[]', columns: [], isObject: false };
    const first = value[0];
    if (!isObject(first)) return null;
    const keys = Object.keys(first).sort();
    const signature = keys.join('\u0000');
    if (!value.every((row) => isObject(row) && Object.keys(row).sort().join('\u0000') === signature)) return null;
    return { json: raw, columns: keys, isObject: false };
  }
  if (isObject(value)) return { json: raw, columns: Object.keys(value).sort(), isObject: true };
  return { json: '[]', columns: [], isObject: false };
}

/**
 * cassava's decodeByName as csvToJson uses it: a header row, then records (RFC 4180 quoting, CRLF or LF),
 * blank lines skipped, each record zipped with the header (extra fields dropped, missing ones absent),
 * the text NULL read as null and every other field as a string.
 */
function csvToJson(text: string): Array<Record<string, string | null>> | ErrorReply {
  const records = parseCsv(text);
  if ('error' in records) return invalidBody(records.error);
  const [header, ...rows] = records.rows;
  if (header === undefined) return invalidBody('parse error (not enough input) at ""');
  return rows
    .filter((row) => !(row.length === 1 && row[0] === ''))
    .map((row) => {
      const object: Record<string, string | null> = {};
      header.slice(0, row.length).forEach((name, i) => (object[name] = row[i] === 'NULL' ? null : row[i]!));
      return object;
    });
}

function parseCsv(text: string): { rows: string[][] } | { error: string } {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const endRow = () => {
    rows.push(row);
    row = [];
  };
  if (text === '') return { rows: [] };
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) return { error: `parse error (endOfInput) at "${text.slice(-20)}"` };
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += text[i++];
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
        return { error: `parse error (Failed reading: satisfy) at "${text.slice(i, i + 20)}"` };
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
    }
    row.push(field);
    if (i >= text.length) {
      endRow();
      break;
    }
    if (text[i] === ',') {
      i += 1;
      continue;
    }
    // End of line: \n, \r\n or \r.
    i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    endRow();
    if (i >= text.length) break;
  }
  return { rows };
}

// ---------------------------------------------------------------------------------------------
// Prefer

export interface Preferences {
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  representation: 'full' | 'minimal' | 'headers-only' | null;
}

/** fromHeaders: every Prefer header, split at commas; for each preference the first recognised value wins. */
export function preferences(req: IncomingMessage): Preferences {
  const values = req.headersDistinct.prefer ?? [];
  const items = values.flatMap((value) => value.split(',')).map((item) => item.trim());
  const first = <T extends string>(options: Record<string, T>): T | null => {
    const hit = items.find((item) => item in options);
    return hit === undefined ? null : options[hit]!;
  };
  return {
    resolution: first({ 'resolution=merge-duplicates': 'merge-duplicates', 'resolution=ignore-duplicates': 'ignore-duplicates' }),
    representation: first({ 'return=representation': 'full', 'return=minimal': 'minimal', 'return=headers-only': 'headers-only' }),
  };
}

/** The Preference-Applied header PostgREST sends back for the preferences it honoured. */
export function preferenceApplied(prefs: Preferences, withResolution: boolean): Record<string, string> {
  const applied = [
    withResolution && prefs.resolution !== null ? `resolution=${prefs.resolution}` : null,
    prefs.representation === null
      ? null
      : prefs.representation === 'full'
        ? 'return=representation'
        : `return=${prefs.representation}`,
  ].filter((v): v is string => v !== null);
  return applied.length > 0 ? { 'preference-applied': applied.join(', ') } : {};
}
