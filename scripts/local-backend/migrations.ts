/** Applies supabase/migrations/*.sql in order, once each, recording them like the Supabase CLI does. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The part of PGlite's and pg's clients this module needs. */
interface SqlSession {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** Runs every migration not yet recorded, each in its own transaction; returns the versions applied. */
export async function applyMigrations(db: SqlSession, migrationsDir: string): Promise<string[]> {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
  `);
  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  // <version>_<name>.sql, applied in the order of their versions (timestamps).
  const pending = (await readdir(migrationsDir))
    .map((file) => /^(\d+)_(\w+)\.sql$/.exec(file))
    .filter((match) => match !== null && !applied.has(match[1]!))
    .map((match) => ({ file: join(migrationsDir, match![0]), version: match![1]!, name: match![2]! }))
    .sort((a, b) => a.version.localeCompare(b.version));

  for (const { file, version, name } of pending) {
    const sql = await readFile(file, 'utf8');
    await db.exec('begin');
    try {
      await db.exec(sql);
      await db.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, name]);
      await db.exec('commit');
    } catch (error) {
      await db.exec('rollback');
      throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return pending.map((m) => m.version);
}
