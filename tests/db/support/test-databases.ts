/**
 * Fresh databases for the SQL tests: PGlite in memory always, and a throwaway database on the
 * PostgreSQL server named by DATABASE_URL when it is set. Each starts with Supabase's API roles.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openFreshPglite } from '../../../scripts/local-backend/local-database.ts';
import { applyMigrations } from '../../../scripts/local-backend/migrations.ts';
import { localRolesFile, migrationsDir } from '../../../scripts/local-backend/repo-paths.ts';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface TestDatabase {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

export interface DatabaseTarget {
  label: string;
  open(): Promise<TestDatabase>;
}

/** A new database on the server at `serverUrl` (its own URL in `url`), dropped on close; `name` replaces one left by an earlier run. */
export async function openThrowawayPostgres(
  serverUrl: string,
  name = `contact_submissions_test_${randomBytes(6).toString('hex')}`,
): Promise<TestDatabase & { url: string }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    exec: (sql) => client.query(sql),
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
    async close() {
      await client.end();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

declare module 'vitest' {
  interface TaskMeta {
    /** Why a suite skips when it does, printed after the run (tests/support/vitest-skip-reasons.ts). */
    skipReason?: string;
  }
}

/**
 * The options of a suite that runs only on a real PostgreSQL 15 (`DATABASE_URL`; with pg_cron, also `PG_CRON_DATABASE`):
 * without it, it skips and the run prints why.
 */
export function postgresOnly({ cron = false } = {}): { skip: boolean; meta: { skipReason: string } } {
  const needs = cron ? 'PostgreSQL 15 with pg_cron at DATABASE_URL and PG_CRON_DATABASE' : 'PostgreSQL 15 at DATABASE_URL';
  const available = Boolean(process.env.DATABASE_URL && (!cron || process.env.PG_CRON_DATABASE));
  return { skip: !available, meta: { skipReason: `needs ${needs}, which .ci/run installs and sets (docs/OPERATIONS.md)` } };
}

export const databaseTargets: DatabaseTarget[] = [
  { label: 'PGlite', open: openFreshPglite },
  ...(process.env.DATABASE_URL ? [{ label: 'PostgreSQL', open: () => openThrowawayPostgres(process.env.DATABASE_URL!) }] : []),
];

export async function createSupabaseRoles(db: TestDatabase): Promise<void> {
  const sql = await readFile(localRolesFile, 'utf8');
  try {
    await db.exec(sql);
  } catch (error) {
    // Roles are cluster-wide: two test workers creating them at once on a fresh server race past the file's
    // "if not exists", and one gets a duplicate (23505, 42710). The roles are there now; run it again.
    if (!['23505', '42710'].includes(String((error as { code?: unknown }).code))) throw error;
    await db.exec(sql);
  }
}

export async function migrate(db: TestDatabase): Promise<string[]> {
  return applyMigrations(db, migrationsDir);
}

/** What older Supabase projects grant by default: everything in `public` to the API roles. */
export const oldPermissiveDefaults = `
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
`;

/** A database from `open` with Supabase's roles, then `setupSql` (if any), then every migration; `applied` lists them. */
export async function openMigrated<T extends TestDatabase>(open: () => Promise<T>, setupSql = ''): Promise<{ db: T; applied: string[] }> {
  const db = await open();
  await createSupabaseRoles(db);
  if (setupSql) await db.exec(setupSql);
  return { db, applied: await migrate(db) };
}

/** Runs one statement as an API role, like PostgREST does, and always switches back. */
export async function queryAs<T = Record<string, unknown>>(db: TestDatabase, role: ApiRole, sql: string, params?: unknown[]): Promise<T[]> {
  await db.exec(`set role ${role}`);
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.exec('reset role');
  }
}

/** The request headers PostgREST would expose to the trigger; null clears them. */
export async function setRequestHeaders(db: TestDatabase, headers: Record<string, string> | null): Promise<void> {
  await db.query(`select set_config('request.headers', $1, false)`, [headers === null ? '' : JSON.stringify(headers)]);
}
