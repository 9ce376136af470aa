/**
 * Opens the embedded Postgres (PGlite) the local backend serves, with Supabase's roles and our migrations,
 * and clears client addresses past their retention.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations } from './migrations.ts';
import { localRolesFile } from './repo-paths.ts';

export const inMemory = 'memory://';

interface LocalDatabaseOptions {
  /** A directory, or `memory://` for a throwaway database. */
  dataDir: string;
  migrationsDir: string;
}

export async function openLocalDatabase({ dataDir, migrationsDir }: LocalDatabaseOptions): Promise<PGlite> {
  if (dataDir !== inMemory) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  try {
    await db.exec(await readFile(localRolesFile, 'utf8'));
    await applyMigrations(db, migrationsDir);
    // PGlite has no pg_cron: the addresses the privacy policy promises to clear after 30 days are cleared here.
    await db.query('select public.contact_submissions_forget_client_addresses()');
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
