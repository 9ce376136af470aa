/**
 * Local stand-in for `supabase start`: the slice of the Supabase REST API this project calls, on
 * http://127.0.0.1:54321, backed by embedded Postgres (PGlite) with the real migrations.
 * Run `node scripts/local-backend.ts --help` for usage.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { localSupabasePort } from '../src/config/local-supabase.ts';
import { inMemory, openLocalDatabase } from './local-backend/local-database.ts';
import { mailViewerUrl, startMailCatcher, type MailCatcher } from './local-backend/mail-catcher.ts';
import { startLocalNotifier, type LocalNotifier } from './local-backend/local-notifier.ts';
import { defaultDataDir, migrationsDir as defaultMigrationsDir } from './local-backend/repo-paths.ts';
import { addressPerConnection, createRestApi } from './local-backend/rest-api.ts';
import { createLocalActions, enquiryActionPath, localLinkSettings } from './local-backend/local-actions.ts';
import { devSiteOrigins } from './local-backend/editor-backend-guard.ts';

/** The port `astro dev` and `astro preview` serve the site on unless told otherwise. */
const defaultSitePort = 4321;

interface LocalBackendOptions {
  port?: number;
  host?: string;
  /** A directory for the data, or `memory://` for a database that vanishes on close. */
  dataDir?: string;
  migrationsDir?: string;
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
  /** Present when notify was asked for. */
  notifier?: LocalNotifier;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export async function startLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const {
    port = localSupabasePort,
    host = '127.0.0.1',
    dataDir = defaultDataDir,
    migrationsDir = defaultMigrationsDir,
    notify = false,
    siteOrigins = devSiteOrigins(defaultSitePort),
    addressPerConnection: perConnection = false,
  } = options;

  // Claim the port before opening the data directory, so a second backend started by mistake
  // fails on the port and never opens a PGlite directory another process is using.
  let resolveApi: (handler: Handler) => void = () => {};
  const api = new Promise<Handler>((resolve) => (resolveApi = resolve));
  const server = createServer((req, res) => void api.then((handle) => handle(req, res)));
  await listen(server, port, host);

  let db: PGlite;
  let mail: MailCatcher | undefined;
  let notifier: LocalNotifier | undefined;
  try {
    db = await openLocalDatabase({ dataDir, migrationsDir });
    if (notify) {
      if (!process.env.SMTP_HOST) mail = await startMailCatcher();
      notifier = startLocalNotifier(db, { links: localLinkSettings(siteOrigins[0]!) });
    }
    const rest = await createRestApi(db, {
      afterInsert: () => notifier?.wake(),
      port: boundPort(server, port),
      siteOrigins,
      ...(perConnection ? { clientAddress: addressPerConnection } : {}),
    });
    const actions = createLocalActions(db, { port: boundPort(server, port), siteOrigins });
    resolveApi((req, res) => (new URL(req.url ?? '/', 'http://localhost').pathname === enquiryActionPath ? actions(req, res) : rest(req, res)));
  } catch (error) {
    await mail?.close();
    await closeServer(server);
    throw error;
  }

  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${boundPort(server, port)}`,
    ...(notifier ? { notifier } : {}),
    async close() {
      await closeServer(server);
      await notifier?.close();
      await mail?.close();
      await db.close();
    },
  };
}

function boundPort(server: Server, asked: number): number {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : asked;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new Error(
            `Port ${port} on ${host} is already in use. Another local backend (\`npm run dev\` and \`npm run preview\` ` +
              'start one; `npm test` starts its own) or the Supabase CLI (`supabase start`) may be running there: stop it, or pass --port.',
          ),
        );
      } else {
        reject(new Error(`Cannot listen on ${host}:${port}: ${error.message}`));
      }
    });
    // A deep accept queue so a burst of concurrent submissions is not slowed by SYN retries.
    server.listen({ port, host, backlog: 2048 }, () => resolve());
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const usage = `Usage: node scripts/local-backend.ts [--port N] [--site-port N] [--data DIR | --memory]

Serves the slice of the Supabase REST API this project calls, without a Supabase account,
answering as PostgREST does (see tests/db/local-backend.test.ts):
  POST /rest/v1/contact_submissions      the contact form's insert (one JSON object)
  GET  /rest/v1/contact_submissions      staff reads (select, order, limit, offset, eq filters)
  GET  /rest/v1/enquiry_notifications    the same, for the notification outbox
  POST /functions/v1/enquiry-action      the Edge Function behind the staff e-mail's "Mark as answered" links
Any other request gets PostgREST's error for it, saying the stand-in does not support it.
Every request runs as its key's role (anon or service_role), so grants, row level security,
constraints and the rate-limit trigger decide. Only requests addressed to 127.0.0.1, localhost or [::1] are
answered, and from web pages only those of the dev site (http://localhost:N and http://127.0.0.1:N, N from
--site-port); the service_role key is refused from any web page. cf-connecting-ip is set from the connection, as
Supabase's edge sets it. Applies supabase/migrations/*.sql and clears client addresses past their
30 days at start; keys are the public \`supabase start\` demo keys (anon in src/config/local-supabase.ts,
service_role in scripts/local-backend/local-api-keys.ts).

Options:
  --port N      port to listen on (default ${localSupabasePort})
  --host H      address to listen on (default 127.0.0.1)
  --site-port N the port the site is served on, whose pages may call the stand-in (default ${defaultSitePort})
  --data DIR    PGlite data directory (default .local-data/pglite)
  --memory      keep data in memory only; it is gone when the backend stops
  --no-notify   do not e-mail staff about new enquiries
  --address-per-connection
                give each connection a client address of its own (198.18.x.y), as if each came from another
                visitor; for the browser tests, whose pages all connect from 127.0.0.1, one network to the rate limit
  -h, --help    show this help

Staff notifications: each stored enquiry is e-mailed by the Edge Function's code (supabase/functions/notify-enquiry)
to the mail viewer on ${mailViewerUrl} (maildev, SMTP on port 54325), started here unless one already runs.
Set SMTP_HOST (with SMTP_PORT, SMTP_USER, SMTP_PASSWORD, ENQUIRY_NOTIFY_TO, ENQUIRY_NOTIFY_FROM) to send elsewhere.
The e-mails' "Mark as answered" and "Close, no answer needed" links open the dev site's /staff/enquiry page and are
signed with a public development secret, which a deploy refuses (docs/STAFF.md).
Reminders about enquiries still new after ENQUIRY_REMIND_AFTER (default 20h; try 30s) and the daily digest are sent
the same way, on the notifier's timer (docs/STAFF.md).`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'site-port': { type: 'string' },
      data: { type: 'string' },
      memory: { type: 'boolean' },
      'no-notify': { type: 'boolean' },
      'address-per-connection': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (values.data !== undefined && values.memory) throw new UsageError('Use either --data or --memory, not both.');
  const port = values.port === undefined ? localSupabasePort : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not '${values.port}'.`);
  }
  const sitePort = values['site-port'] === undefined ? defaultSitePort : Number(values['site-port']);
  if (!Number.isInteger(sitePort) || sitePort < 1 || sitePort > 65535) {
    throw new UsageError(`--site-port must be a whole number from 1 to 65535, not '${values['site-port']}'.`);
  }
  const dataDir = values.memory ? inMemory : (values.data ?? defaultDataDir);

  const notify = !values['no-notify'];
  const backend = await startLocalBackend({
    port,
    dataDir,
    notify,
    siteOrigins: devSiteOrigins(sitePort),
    addressPerConnection: values['address-per-connection'] === true,
    ...(values.host ? { host: values.host } : {}),
  });
  const where = dataDir === inMemory ? 'in memory only' : relative(process.cwd(), dataDir) || '.';
  console.log(`Local Supabase stand-in on ${backend.url} (data: ${where}). Ctrl+C stops it.`);
  if (notify) console.log(`Staff notifications: ${process.env.SMTP_HOST ? `SMTP ${process.env.SMTP_HOST}` : `mail viewer on ${mailViewerUrl}`}`);

  const stop = async () => {
    await backend.close();
    process.exit(0);
  };
  // A stand-in that cannot close says so and exits non-zero, rather than as an unhandled rejection.
  const stopOrFail = () => {
    stop().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  };
  process.once('SIGINT', stopOrFail);
  process.once('SIGTERM', stopOrFail);
}

class UsageError extends Error {}

if (import.meta.main) {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`local-backend: ${message}`);
    if (error instanceof UsageError) console.error('Run with --help for usage.');
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}
