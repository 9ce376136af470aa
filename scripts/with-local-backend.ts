/**
 * Runs a command (astro dev, astro preview) with the local Supabase stand-in beside it, so the contact
 * form works with no account and no configuration, and reuses whatever already listens on 54321 (another
 * backend, `supabase start`). The form here never posts to a hosted project: a PUBLIC_SUPABASE_URL in the
 * environment or in a file Vite reads in development (a production .env written at the root) is set aside,
 * with one line naming where it was. Beside it, decap-server, so the editor at /admin saves to content/ with
 * no GitHub account (port DECAP_SERVER_PORT, 8081 by default; one that already answers there is reused).
 */
import { spawn } from 'node:child_process';
import { localSupabasePort } from '../src/config/local-supabase.ts';
import { developmentEnv, hostedProjectSetAside } from './local-backend/development-env.ts';
import { PortInUseError, startLocalBackend, type LocalBackend } from './local-backend.ts';
import { publishingSteps } from './deploy/setting-homes.ts';
import { mailViewerUrl } from './local-backend/mail-catcher.ts';
import { decapServerAnswers, startDecapServer, type DecapServer } from './local-backend/cms-local-server.ts';
import { devSiteOrigins } from './local-backend/editor-backend-guard.ts';
import { localEditorBackendPort } from '../src/config/local-editor-backend.ts';

const command = process.argv.slice(2);
if (command.length === 0 || command[0] === '--help') {
  console.log('Usage: node scripts/with-local-backend.ts <command …>\nExample: node scripts/with-local-backend.ts astro dev');
  process.exit(command.length === 0 ? 1 : 0);
}

// The stand-in and the editor's backend answer the dev site's own origin only: astro's port as given (--port N), 4321 otherwise.
const portArgument = command.findIndex((arg) => arg === '--port' || arg.startsWith('--port='));
const sitePort = portArgument < 0 ? 4321 : Number(command[portArgument]!.split('=')[1] ?? command[portArgument + 1]);

const hostedProject = hostedProjectSetAside(process.cwd(), process.env);
if (hostedProject) {
  console.warn(
    `[backend] PUBLIC_SUPABASE_URL=${hostedProject.value} from ${hostedProject.where} is set aside: the local form always posts to the stand-in. ` +
      `Production settings belong in .env.production, which only production builds read (docs/PUBLISHING.md, "${publishingSteps.checkHere}").`,
  );
}

let backend: LocalBackend | undefined;
try {
  backend = await startLocalBackend({ notify: true, siteOrigins: devSiteOrigins(sitePort) });
  console.log(`[backend] Local Supabase stand-in on ${backend.url} (data in .local-data/; list enquiries with "npm run enquiries").`);
  console.log(`[backend] Staff e-mails for new enquiries: ${process.env.SMTP_HOST ? `SMTP ${process.env.SMTP_HOST}` : mailViewerUrl}`);
} catch (error) {
  if (!(error instanceof PortInUseError)) {
    console.error(`[backend] ${(error as Error).message}`);
    process.exit(1);
  }
  // Another backend or `supabase start` holds the port: the form uses it.
  console.log(`[backend] Something already listens on port ${localSupabasePort}; the form will use it.`);
}

let decapServer: DecapServer | undefined;
const decapPort = localEditorBackendPort();
if (await decapServerAnswers(decapPort)) {
  console.log(`[cms] decap-server already answers on port ${decapPort}; /admin will use it.`);
  if (await decapServerAnswers(decapPort, { origin: 'http://localhost:1' })) {
    console.warn(
      `[cms] Warning: the decap-server on port ${decapPort} answers any local page and reads and writes outside content/ (a plain \`npx decap-server\`?). Stop it and run npm run dev again for one confined to content/.`,
    );
  }
} else {
  try {
    decapServer = await startDecapServer({ root: process.cwd(), port: decapPort, siteOrigins: devSiteOrigins(sitePort) });
    console.log(`[cms] Editor at /admin saves to content/ (nothing else) through decap-server on ${decapServer.url}, for pages on port ${sitePort}.`);
  } catch (error) {
    console.error(`[cms] ${(error as Error).message}: /admin will not be able to save.`);
  }
}

// The environment wins over every .env file in Vite, so the local stand-in is what the dev site builds in.
const child = spawn(command[0]!, command.slice(1), {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: developmentEnv(process.env),
});
const stop = async (code: number) => {
  await Promise.all([backend?.close(), decapServer?.close()]);
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => void stop(code ?? (signal ? 1 : 0)));
