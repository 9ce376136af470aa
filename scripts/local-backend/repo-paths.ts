/** Where the local backend finds its SQL and keeps its data, independent of the working directory. */
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export const migrationsDir = `${repoRoot}supabase/migrations`;
export const localRolesFile = `${repoRoot}supabase/local-roles.sql`;
export const defaultDataDir = `${repoRoot}.local-data/pglite`;
export const pglitePackageFile = `${repoRoot}node_modules/@electric-sql/pglite/package.json`;
/** Installed with the packages, so a new version of PGlite or a fresh `npm ci` starts without it. */
export const freshClusterCacheDir = `${repoRoot}node_modules/.cache/pglite`;
