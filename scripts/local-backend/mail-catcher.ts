/**
 * The local mail viewer (maildev) where the local backend's staff notifications land: web UI and REST API on
 * http://127.0.0.1:54324 and SMTP on 54325, the ports `supabase start` gives its own mail viewer.
 */
import { MailDev } from 'maildev';
import { isListening } from '../shared/ports.ts';

const mailViewerPort = 54324;
export const mailSmtpPort = 54325;
export const mailViewerUrl = `http://127.0.0.1:${mailViewerPort}`;

/** Starts the viewer, or returns undefined when another (an earlier `npm run dev`, `supabase start`) already listens there. */
export async function startMailCatcher(): Promise<{ close(): Promise<void> } | undefined> {
  // Checked first: maildev that finds one port taken keeps the other open.
  if ((await isListening('127.0.0.1', mailSmtpPort)) || (await isListening('127.0.0.1', mailViewerPort))) return undefined;
  const maildev = new MailDev({ smtp: mailSmtpPort, web: mailViewerPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true, maxEmails: 500 });
  await maildev.start();
  return { close: () => maildev.stop() };
}
