/**
 * The SQL PostgREST v13 runs for a table request (src/PostgREST/Query/QueryBuilder.hs, SqlFragment.hs):
 * filters, the JSON body read as rows, and the INSERT/UPDATE/DELETE statement with its RETURNING list.
 */
import type { Payload, Preferences } from './postgrest-payload.ts';
import type { Comparison, Filter, TableQuery } from './postgrest-query.ts';

export type WriteMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The table a request targets: its schema-qualified, quoted name and its primary key columns. */
export interface SqlTable {
  name: string;
  primaryKey: string[];
}

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

const comparisonSql: Record<Comparison, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike' };

/** pgFmtFilter for a root filter on `table` (already quoted and qualified). */
function filterSql(table: string, filter: Filter, params: SqlParams): string {
  const field = `${filter.negated ? 'NOT ' : ''}${table}.${ident(filter.column)}`;
  const { operation } = filter;
  switch (operation.kind) {
    case 'compare': {
      const like = operation.op === 'like' || operation.op === 'ilike';
      return `${field} ${comparisonSql[operation.op]} ${params.add(like ? operation.value.replaceAll('*', '%') : operation.value)}`;
    }
    case 'is':
      return `${field} IS ${operation.value === 'not_null' ? 'NOT NULL' : operation.value.toUpperCase()}`;
    case 'in':
      return operation.values.length === 1 && operation.values[0] === ''
        ? `${field} = ANY('{}')`
        : `${field} = ANY (${params.add(arrayLiteral(operation.values))})`;
  }
}

export function whereSql(table: string, filters: Filter[], params: SqlParams): string {
  return filters.length === 0 ? '' : ` WHERE ${filters.map((f) => filterSql(table, f, params)).join(' AND ')}`;
}

/** The selected columns, for a SELECT or a RETURNING list. */
export function selectSql(table: string, select: TableQuery['select']): string {
  return select === '*' ? `${table}.*` : select.map((c) => `${table}.${ident(c)}`).join(', ');
}

/** The FROM part of PostgREST's fromJsonBodyF: the payload as one json parameter, read as rows of the table's type. */
function bodySource(table: string, payload: Payload, params: SqlParams): string {
  const json = params.add(payload.json);
  const rows = payload.columns.length === 0
    ? payload.isObject
      ? '(values(1)) _'
      : 'json_array_elements(pgrst_payload.json_data) _'
    : `${payload.isObject ? 'json_populate_record' : 'json_populate_recordset'}(null::${table}, pgrst_payload.json_data) _`;
  return `FROM (SELECT ${json}::json AS json_data) pgrst_payload, LATERAL (SELECT ${payload.columns.map(ident).join(', ')} FROM ${rows}) pgrst_body`;
}

/** The statement PostgREST's mutatePlanToQuery builds, with its RETURNING list. */
export function mutationSql(
  table: SqlTable,
  method: WriteMethod,
  query: TableQuery,
  payload: Payload | null,
  prefs: Preferences,
  params: SqlParams,
): string {
  // Without return=representation (or headers-only) PostgREST returns `1` per row, which needs no SELECT privilege.
  const returning = prefs.representation === 'full' || prefs.representation === 'headers-only' ? selectSql(table.name, query.select) : '1';
  if (method === 'DELETE') return `DELETE FROM ${table.name}${whereSql(table.name, query.filters, params)} RETURNING ${returning}`;
  const body = payload!;
  const columns = body.columns.map(ident);
  if (method === 'PATCH') {
    if (columns.length === 0) return `SELECT NULL FROM ${table.name} WHERE false`;
    const set = body.columns.map((c) => `${ident(c)} = "pgrst_body".${ident(c)}`).join(', ');
    return `UPDATE ${table.name} SET ${set} ${bodySource(table.name, body, params)}${whereSql(table.name, query.filters, params)} RETURNING ${returning}`;
  }
  const insertedPlusOne = `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0'`;
  const insertedMinusOne = `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1'`;
  const target = columns.length === 0 ? '' : `(${columns.join(', ')}) `;
  const selected = columns.map((c) => `"pgrst_body".${c}`).join(', ');
  let sql = `INSERT INTO ${table.name}${target === '' ? ' ' : target}SELECT ${selected} ${bodySource(table.name, body, params)}`;
  const updateSet = columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ');
  if (method === 'PUT') {
    const conditions = query.filters.map((f) => filterSql('"pgrst_body"', f, params));
    sql += ` WHERE ${insertedPlusOne} AND ${conditions.join(' AND ')}`;
    sql += ` ON CONFLICT(${table.primaryKey.map(ident).join(', ')}) `;
    sql += columns.length === 0 ? 'DO NOTHING' : `DO UPDATE SET ${updateSet} WHERE ${insertedMinusOne}`;
  } else if (prefs.resolution !== null) {
    // POST: on_conflict only counts together with Prefer: resolution; without it the primary key is the target.
    const conflictColumns = query.onConflict ?? table.primaryKey;
    if (prefs.resolution === 'merge-duplicates') sql += ` WHERE ${insertedPlusOne}`;
    if (conflictColumns.length > 0) {
      sql += ` ON CONFLICT(${conflictColumns.map(ident).join(', ')}) `;
      sql +=
        prefs.resolution === 'ignore-duplicates' || columns.length === 0
          ? 'DO NOTHING'
          : `DO UPDATE SET ${updateSet} WHERE ${insertedMinusOne}`;
    }
  }
  return `${sql} RETURNING ${returning}`;
}
