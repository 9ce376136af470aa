/** Applies supabase/migrations/*.sql in order, once each, recording them like the Supabase CLI does. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The part of PGlite's and pg's clients this module needs. */
interface SqlSession {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Migration {
  version: string;
  name: string;
  path: string;
}

const migrationFileName = /^(\d+)_(\w+)\.sql$/;

async function listMigrations(migrationsDir: string): Promise<Migration[]> {
  const files = await readdir(migrationsDir);
  return files
    .flatMap((file) => {
      const match = migrationFileName.exec(file);
      return match ? [{ version: match[1]!, name: match[2]!, path: join(migrationsDir, file) }] : [];
    })
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** Runs every migration not yet recorded, each in its own transaction; returns the versions applied. */
export async function applyMigrations(db: SqlSession, migrationsDir: string): Promise<string[]> {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      statements text[],
      name text
    );
  `);
  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  const pending = (await listMigrations(migrationsDir)).filter((m) => !applied.has(m.version));

  for (const migration of pending) {
    const sql = await readFile(migration.path, 'utf8');
    await db.exec('begin');
    try {
      await db.exec(sql);
      await db.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
      await db.exec('commit');
    } catch (error) {
      await db.exec('rollback');
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Migration ${migration.path} failed: ${reason}`, { cause: error });
    }
  }
  return pending.map((m) => m.version);
}
