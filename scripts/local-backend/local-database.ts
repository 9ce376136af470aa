/**
 * Opens the embedded Postgres (PGlite) the local backend serves, with Supabase's roles and our migrations,
 * and clears client addresses past their retention.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations } from './migrations.ts';
import { freshClusterCacheDir, localRolesFile, pglitePackageFile } from './repo-paths.ts';

export const inMemory = 'memory://';

// A new PGlite cluster runs initdb: about 1.2 core-seconds, and 4 to 18 s on a loaded 2-core machine, where the tests
// start dozens of throwaway databases; loading a saved fresh cluster takes about 0.5. So one is made once, saved per
// PGlite version (atomically: parallel processes never read half a file), and every new database starts from it.
const pgliteVersion = (JSON.parse(readFileSync(pglitePackageFile, 'utf8')) as { version: string }).version;
const freshClusterFile = join(freshClusterCacheDir, `fresh-cluster-${pgliteVersion}.tar.gz`);
let freshCluster: Promise<Blob> | undefined;

async function loadOrSaveFreshCluster(): Promise<Blob> {
  // Read whole: a file-backed Blob fails once another process, racing to save the first copy, renames its own over it.
  if (existsSync(freshClusterFile)) return new Blob([await readFile(freshClusterFile)]);
  const db = await PGlite.create(inMemory);
  const cluster = await db.dumpDataDir('gzip');
  await db.close();
  try {
    await mkdir(freshClusterCacheDir, { recursive: true });
    const partial = `${freshClusterFile}.${randomUUID()}`;
    await writeFile(partial, await cluster.bytes());
    await rename(partial, freshClusterFile);
  } catch {
    // A read-only checkout still works, each process paying for its own initdb.
  }
  return cluster;
}

const freshClusterCopy = () => (freshCluster ??= loadOrSaveFreshCluster());

/** An empty in-memory PGlite database, as after initdb. */
export const openFreshPglite = async () => PGlite.create({ loadDataDir: await freshClusterCopy() });

/** A directory, or `memory://` for a throwaway database; an empty folder (no PG_VERSION yet) starts from the fresh cluster. */
export async function openLocalDatabase({ dataDir, migrationsDir }: { dataDir: string; migrationsDir: string }): Promise<PGlite> {
  const inFolder = dataDir !== inMemory;
  if (inFolder) await mkdir(dataDir, { recursive: true });
  const existing = inFolder && existsSync(join(dataDir, 'PG_VERSION'));
  const db = existing ? await PGlite.create(dataDir) : await PGlite.create({ ...(inFolder && { dataDir }), loadDataDir: await freshClusterCopy() });
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
