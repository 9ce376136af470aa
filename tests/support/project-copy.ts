import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
// supabase/functions/_shared: the e-mail address rule the form shares with the notifier.
export const SOURCES = ['src', 'content', 'supabase/functions/_shared', 'astro.config.mjs', 'tsconfig.json', 'package.json'];

/**
 * A copy of the site's sources in a temporary folder, to change and build without touching the real one.
 * Each package is linked, not node_modules itself, so Astro's and Vite's caches (node_modules/.astro, .vite)
 * belong to the copy.
 */
export async function copyProject(prefix: string): Promise<{ root: string; remove: () => Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  for (const entry of SOURCES) await cp(join(repoRoot, entry), join(root, entry), { recursive: true });
  await mkdir(join(root, 'node_modules'));
  for (const name of await readdir(join(repoRoot, 'node_modules'))) {
    if (!name.startsWith('.')) await symlink(join(repoRoot, 'node_modules', name), join(root, 'node_modules', name));
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * The environment for the project's own tools run from a test: without Vitest's variables (NODE_ENV=test would
 * build React's development bundles, VITEST makes Vite in the child behave as under test, and Vitest's PROD='' and
 * DEV='1' would override a build's import.meta.env, so its pages had no policy), without colours.
 */
export function toolEnv(nodeEnv: 'production' | 'development', extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const outside = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST|TEST$|PROD$|DEV$|MODE$|SSR$|BASE_URL$)/.test(name)));
  return { ...outside, NODE_ENV: nodeEnv, FORCE_COLOR: '0', NO_COLOR: '1', ASTRO_TELEMETRY_DISABLED: '1', ...extra };
}

/** Runs the astro CLI in `root`; resolves with its output, or rejects with an error carrying code, stdout and stderr. */
export function astro(root: string, ...args: string[]) {
  return astroWith(toolEnv('production'), root, ...args);
}

/** `astro`, with an environment of the caller's (a `toolEnv` with the settings a test builds with). */
export function astroWith(env: NodeJS.ProcessEnv, root: string, ...args: string[]) {
  const bin = join(repoRoot, 'node_modules/astro/bin/astro.mjs');
  return promisify(execFile)(process.execPath, [bin, ...args], { cwd: root, env, maxBuffer: 16 * 1024 * 1024 });
}

/** Every file under `path` (a file or a folder), relative to `root`; none if it does not exist. */
async function filesUnder(root: string, path: string): Promise<string[]> {
  const entries = await readdir(join(root, path), { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOTDIR') return null;
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries === null) return [path];
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/**
 * Puts a copy's sources back as the project has them: changed and deleted files rewritten, added files removed.
 * Returns the paths it put back or removed.
 */
export async function restoreCopy(root: string): Promise<string[]> {
  const touched: string[] = [];
  for (const entry of SOURCES) {
    const theirs = new Set(await filesUnder(repoRoot, entry));
    for (const path of await filesUnder(root, entry)) {
      if (!theirs.has(path)) {
        await rm(join(root, path));
        touched.push(path);
      }
    }
    for (const path of theirs) {
      const original = await readFile(join(repoRoot, path));
      const current = await readFile(join(root, path)).catch(() => null);
      if (current && original.equals(current)) continue;
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), original);
      touched.push(path);
    }
  }
  return touched;
}
