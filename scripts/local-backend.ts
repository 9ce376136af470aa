/**
 * Local stand-in for `supabase start`: the slice of the Supabase REST API this project calls, on
 * http://127.0.0.1:54321, backed by embedded Postgres (PGlite) with the real migrations. `npm run dev` and
 * `npm run preview` run astro beside it, so the contact form works with no account and no configuration, and never
 * posts to a hosted project (development-env.ts). Run `node scripts/local-backend.ts --help` for usage.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { localSupabasePort } from '../src/config/local-supabase.ts';
import type { PGlite } from '@electric-sql/pglite';
import { inMemory, openLocalDatabase } from './local-backend/local-database.ts';
import { mailViewerUrl, startMailCatcher } from './local-backend/mail-catcher.ts';
import { startLocalNotifier, type LocalNotifier } from './local-backend/local-notifier.ts';
import { defaultDataDir, migrationsDir } from './local-backend/repo-paths.ts';
import { addressPerConnection, ApiError, createRestApi, sendError } from './local-backend/rest-api.ts';
import { createLocalActions, enquiryActionPath, localLinkSettings } from './local-backend/local-actions.ts';
import { devSiteOrigins, requestSourceProblem } from './local-backend/editor-backend-guard.ts';
import { developmentEnv, hostedProjectSetAside } from './local-backend/development-env.ts';
import { startEditorBackend } from './local-backend/cms-local-server.ts';
import { publishingSteps } from './deploy/setting-homes.ts';
import { listeningPort } from './shared/ports.ts';

/** The port `astro dev` and `astro preview` serve the site on unless told otherwise. */
const defaultSitePort = 4321;

interface LocalBackendOptions {
  port?: number;
  /** A directory for the data, or `memory://` for a database that vanishes on close. */
  dataDir?: string;
  /** E-mail staff about each stored enquiry as the Edge Function does (local-notifier.ts), through the mail viewer or SMTP_HOST. */
  notify?: boolean;
  /** The origins of the dev site, the only web pages it answers (http://localhost:4321 and http://127.0.0.1:4321 by default). */
  siteOrigins?: readonly string[];
  /** Give each connection a client address of its own (rest-api.ts addressPerConnection): for the browser tests. */
  addressPerConnection?: boolean;
}

export type LocalBackend = Awaited<ReturnType<typeof startLocalBackend>>;

/** Thrown when the port is taken: `npm run dev` then uses whatever answers there. */
export class PortInUseError extends Error {}

export async function startLocalBackend(options: LocalBackendOptions = {}) {
  const { port = localSupabasePort, dataDir = defaultDataDir, notify = false, siteOrigins = devSiteOrigins(defaultSitePort) } = options;

  // Claim the port before opening the data directory, so a second backend started by mistake
  // fails on the port and never opens a PGlite directory another process is using.
  const api = Promise.withResolvers<(req: IncomingMessage, res: ServerResponse) => Promise<void>>();
  const server = createServer((req, res) => void api.promise.then((handle) => handle(req, res)));
  // A deep accept queue so a burst of concurrent submissions is not slowed by SYN retries.
  server.listen({ port, host: '127.0.0.1', backlog: 2048 });
  await once(server, 'listening').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw new Error(`Cannot listen on 127.0.0.1:${port}: ${error.message}`);
    const holders = 'Another local backend (`npm run dev` and `npm run preview` start one; `npm test` starts its own) or `supabase start`';
    throw new PortInUseError(`Port ${port} on 127.0.0.1 is already in use. ${holders} may be running there: stop it, or pass --port.`);
  });
  const boundPort = listeningPort(server);

  let db: PGlite | undefined;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let notifier: LocalNotifier | undefined;
  const close = async () => {
    const closed = once(server, 'close');
    server.close().closeAllConnections();
    await closed;
    await notifier?.close();
    await mail?.close();
    await db?.close();
  };
  try {
    db = await openLocalDatabase({ dataDir, migrationsDir });
    if (notify && !process.env.SMTP_HOST) mail = await startMailCatcher();
    const links = localLinkSettings(siteOrigins[0]!);
    if (notify) notifier = startLocalNotifier(db, { links });
    const rest = createRestApi(db, { afterInsert: () => notifier?.wake(), clientAddress: options.addressPerConnection ? addressPerConnection : undefined });
    const actions = createLocalActions(db, links);
    // Unlike hosted Supabase, it first checks that a request is addressed to a loopback name (not a DNS name rebound
    // here) and, from a web page, comes from the dev site (as the editor's backend does), so a foreign page learns nothing.
    const service = { name: 'The local Supabase stand-in', fromSite: (site: string) => `Open the site at ${site}` };
    api.resolve(async (req, res) => {
      res.setHeader('vary', 'Origin');
      const problem = requestSourceProblem({ host: req.headers.host, origin: req.headers.origin, port: boundPort, siteOrigins, service });
      if (problem) return sendError(res, new ApiError(403, null, problem));
      await (new URL(req.url ?? '/', 'http://localhost').pathname === enquiryActionPath ? actions : rest)(req, res);
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `http://127.0.0.1:${boundPort}`, close };
}

/** The options, each with its line of --help. */
const cliOptions = {
  port: { type: 'string', help: `port to listen on (default ${localSupabasePort})` },
  'site-port': { type: 'string', help: `the port of the site whose pages may call the stand-in (default: the command's --port, else ${defaultSitePort})` },
  memory: { type: 'boolean', help: 'keep data in memory only, not in .local-data/pglite; it is gone when the backend stops' },
  'no-notify': { type: 'boolean', help: 'do not e-mail staff about new enquiries' },
  'address-per-connection': { type: 'boolean', help: 'give each connection a client address of its own, as from another visitor (for the browser tests)' },
  help: { type: 'boolean', short: 'h', help: 'show this help (also -h)' },
} as const;

const usage = `Usage: node scripts/local-backend.ts [options] [-- command …]

Serves what this project calls of Supabase (the REST API as PostgREST answers it, the staff e-mail's links), on PGlite
with the real migrations; staff e-mails go to ${mailViewerUrl} unless SMTP_HOST names a server. With a command
(\`-- astro dev\`), runs it beside the stand-in (or one already listening) and decap-server. See docs/OPERATIONS.md.

Options:
${Object.entries(cliOptions)
  .map(([name, option]) => `  ${`--${name}${option.type === 'string' ? ' N' : ''}`.padEnd(26)} ${option.help}`)
  .join('\n')}`;

class UsageError extends Error {}

function portOption(name: string, value: string | undefined, fallback: number, lowest: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < lowest || port > 65535)
    throw new UsageError(`--${name} must be a whole number from ${lowest} to 65535, not '${value}'.`);
  return port;
}

async function main(): Promise<void> {
  const { values, positionals: command } = parseArgs({ allowPositionals: true, options: cliOptions });
  if (values.help) return console.log(usage);
  const port = portOption('port', values.port, localSupabasePort, 0);
  // The stand-in and the editor's backend answer the dev site's own origin only: astro's port as given (--port N).
  const portArgument = command.findIndex((arg) => arg === '--port' || arg.startsWith('--port='));
  const commandPort = portArgument < 0 ? undefined : (command[portArgument]!.split('=')[1] ?? command[portArgument + 1]);
  const sitePort = portOption('site-port', values['site-port'] ?? commandPort, defaultSitePort, 1);
  const dataDir = values.memory ? inMemory : defaultDataDir;
  const notify = !values['no-notify'];

  const hostedProject = command.length > 0 ? hostedProjectSetAside(process.cwd(), process.env) : undefined;
  if (hostedProject) {
    console.warn(
      `[backend] PUBLIC_SUPABASE_URL=${hostedProject.value} from ${hostedProject.where} is set aside: the local form always posts to the stand-in. ` +
        `Production settings belong in .env.production, which only production builds read (docs/PUBLISHING.md, "${publishingSteps.checkHere}").`,
    );
  }
  let backend: LocalBackend | undefined;
  try {
    const siteOrigins = devSiteOrigins(sitePort);
    backend = await startLocalBackend({ port, dataDir, notify, siteOrigins, addressPerConnection: !!values['address-per-connection'] });
    const where = dataDir === inMemory ? 'in memory only' : relative(process.cwd(), dataDir) || '.';
    console.log(`[backend] Local Supabase stand-in on ${backend.url} (data: ${where}; list enquiries with "npm run enquiries"). Ctrl+C stops it.`);
    if (notify) console.log(`[backend] Staff e-mails for new enquiries: ${process.env.SMTP_HOST ? `SMTP ${process.env.SMTP_HOST}` : mailViewerUrl}`);
  } catch (error) {
    if (command.length === 0 || !(error instanceof PortInUseError)) throw error;
    // Another backend or `supabase start` holds the port: the command's site uses it.
    console.log(`[backend] Something already listens on port ${port}; the form will use it.`);
  }
  const editor = command.length > 0 ? await startEditorBackend(sitePort) : undefined;

  const stop = (code: number) => void Promise.all([backend?.close(), editor?.close()]).then(() => process.exit(code), fail);
  if (command.length === 0) {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop(0));
    return;
  }
  // The environment wins over every .env file in Vite, so the local stand-in is what the dev site builds in.
  const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', shell: process.platform === 'win32', env: developmentEnv(process.env) });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => stop(code ?? (signal ? 1 : 0)));
}

function fail(error: unknown): never {
  console.error(`local-backend: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof UsageError) console.error('Run with --help for usage.');
  process.exit(error instanceof UsageError ? 2 : 1);
}

if (import.meta.main) main().catch(fail);
