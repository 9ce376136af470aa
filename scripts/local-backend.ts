/**
 * Local stand-in for `supabase start`: the slice of the Supabase REST API this project calls, on
 * http://127.0.0.1:54321, backed by embedded Postgres (PGlite) with the real migrations.
 * Run `node scripts/local-backend.ts --help` for usage.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { localSupabasePort } from '../src/config/local-supabase.ts';
import { inMemory, openLocalDatabase } from './local-backend/local-database.ts';
import type { PGlite } from '@electric-sql/pglite';
import { mailViewerUrl, startMailCatcher, type MailCatcher } from './local-backend/mail-catcher.ts';
import { startLocalNotifier, type LocalNotifier } from './local-backend/local-notifier.ts';
import { defaultDataDir, migrationsDir } from './local-backend/repo-paths.ts';
import { addressPerConnection, createRestApi } from './local-backend/rest-api.ts';
import { createLocalActions, enquiryActionPath, localLinkSettings } from './local-backend/local-actions.ts';
import { devSiteOrigins } from './local-backend/editor-backend-guard.ts';

/** The port `astro dev` and `astro preview` serve the site on unless told otherwise. */
const defaultSitePort = 4321;

interface LocalBackendOptions {
  port?: number;
  /** A directory for the data, or `memory://` for a database that vanishes on close. */
  dataDir?: string;
  /**
   * E-mail staff about each stored enquiry, as the hosted project's Edge Function does: sent to the local mail
   * viewer (started here unless one already runs) or to the SMTP server the environment names.
   */
  notify?: boolean;
  /** The origins of the dev site, the only web pages it answers (http://localhost:4321 and http://127.0.0.1:4321 by default). */
  siteOrigins?: readonly string[];
  /** Give each connection a client address of its own (rest-api.ts addressPerConnection): for the browser tests. */
  addressPerConnection?: boolean;
}

export interface LocalBackend {
  url: string;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Thrown when the port is taken: `npm run dev` then uses whatever answers there. */
export class PortInUseError extends Error {}

export async function startLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const { port = localSupabasePort, dataDir = defaultDataDir, notify = false, siteOrigins = devSiteOrigins(defaultSitePort) } = options;

  // Claim the port before opening the data directory, so a second backend started by mistake
  // fails on the port and never opens a PGlite directory another process is using.
  let resolveApi: (handler: Handler) => void = () => {};
  const api = new Promise<Handler>((resolve) => (resolveApi = resolve));
  const server = createServer((req, res) => void api.then((handle) => handle(req, res)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') return reject(new Error(`Cannot listen on 127.0.0.1:${port}: ${error.message}`));
      const holders = 'Another local backend (`npm run dev` and `npm run preview` start one; `npm test` starts its own) or `supabase start`';
      reject(new PortInUseError(`Port ${port} on 127.0.0.1 is already in use. ${holders} may be running there: stop it, or pass --port.`));
    });
    // A deep accept queue so a burst of concurrent submissions is not slowed by SYN retries.
    server.listen({ port, host: '127.0.0.1', backlog: 2048 }, resolve);
  });
  const boundPort = (server.address() as AddressInfo).port;
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });

  let db: PGlite | undefined;
  let mail: MailCatcher | undefined;
  let notifier: LocalNotifier | undefined;
  try {
    db = await openLocalDatabase({ dataDir, migrationsDir });
    if (notify && !process.env.SMTP_HOST) mail = await startMailCatcher();
    if (notify) notifier = startLocalNotifier(db, { links: localLinkSettings(siteOrigins[0]!) });
    const rest = createRestApi(db, {
      afterInsert: () => notifier?.wake(),
      port: boundPort,
      siteOrigins,
      ...(options.addressPerConnection ? { clientAddress: addressPerConnection } : {}),
    });
    const actions = createLocalActions(db, { port: boundPort, siteOrigins });
    resolveApi((req, res) => (new URL(req.url ?? '/', 'http://localhost').pathname === enquiryActionPath ? actions(req, res) : rest(req, res)));
  } catch (error) {
    await mail?.close();
    await closeServer();
    await db?.close();
    throw error;
  }

  return {
    url: `http://127.0.0.1:${boundPort}`,
    async close() {
      await closeServer();
      await notifier?.close();
      await mail?.close();
      await db!.close();
    },
  };
}

const usage = `Usage: node scripts/local-backend.ts [--port N] [--site-port N] [--data DIR | --memory] [--no-notify]

Serves the slice of the Supabase REST API this project calls, without a Supabase account, answering as PostgREST
does (scripts/local-backend/rest-api.ts; the parity table is in tests/db/local-backend.test.ts), and the Edge Function
behind the staff e-mail's links (/functions/v1/enquiry-action). Every request runs as its key's role, so grants, row
level security, constraints and the rate-limit trigger decide. Only requests addressed to 127.0.0.1, localhost or
[::1] are answered, and from web pages only those of the dev site; the service_role key is refused from any web page.
Applies supabase/migrations/*.sql and clears client addresses past their 30 days at start. The whole story, with the
staff e-mails' settings, is in docs/OPERATIONS.md and docs/STAFF.md.

Options:
  --port N      port to listen on (default ${localSupabasePort})
  --site-port N the port the site is served on, whose pages may call the stand-in (default ${defaultSitePort})
  --data DIR    PGlite data directory (default .local-data/pglite)
  --memory      keep data in memory only; it is gone when the backend stops
  --no-notify   do not e-mail staff about new enquiries (by default they go to the mail viewer on ${mailViewerUrl},
                or to the server SMTP_HOST names)
  --address-per-connection
                give each connection a client address of its own (198.18.x.y), as if each came from another
                visitor; for the browser tests, whose pages all connect from 127.0.0.1, one network to the rate limit
  -h, --help    show this help`;

class UsageError extends Error {}

function portOption(name: string, value: string | undefined, fallback: number, lowest: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < lowest || port > 65535)
    throw new UsageError(`--${name} must be a whole number from ${lowest} to 65535, not '${value}'.`);
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'site-port': { type: 'string' },
      data: { type: 'string' },
      memory: { type: 'boolean' },
      'no-notify': { type: 'boolean' },
      'address-per-connection': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return console.log(usage);
  if (values.data !== undefined && values.memory) throw new UsageError('Use either --data or --memory, not both.');
  const port = portOption('port', values.port, localSupabasePort, 0);
  const sitePort = portOption('site-port', values['site-port'], defaultSitePort, 1);
  const dataDir = values.memory ? inMemory : (values.data ?? defaultDataDir);
  const notify = !values['no-notify'];
  const backend = await startLocalBackend({
    port,
    dataDir,
    notify,
    siteOrigins: devSiteOrigins(sitePort),
    addressPerConnection: !!values['address-per-connection'],
  });
  const where = dataDir === inMemory ? 'in memory only' : relative(process.cwd(), dataDir) || '.';
  console.log(`Local Supabase stand-in on ${backend.url} (data: ${where}). Ctrl+C stops it.`);
  if (notify) console.log(`Staff notifications: ${process.env.SMTP_HOST ? `SMTP ${process.env.SMTP_HOST}` : `mail viewer on ${mailViewerUrl}`}`);

  // A stand-in that cannot close says so and exits non-zero, rather than as an unhandled rejection.
  const stop = () => void backend.close().then(() => process.exit(0), fail);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function fail(error: unknown): never {
  console.error(`local-backend: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof UsageError) console.error('Run with --help for usage.');
  process.exit(error instanceof UsageError ? 2 : 1);
}

if (import.meta.main) main().catch(fail);
