/** Sends staff e-mails through an SMTP server with nodemailer (npm), which runs on Node and on Supabase's Deno. */
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './types.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (ports 465, 2465); otherwise the connection is upgraded with STARTTLS. */
  secure: boolean;
  /**
   * A connection that is not TLS from the first byte must be upgraded with STARTTLS before the password or the
   * message is sent, or it is dropped. Only a server on this machine may be spoken to in clear (config.ts).
   */
  requireTls: boolean;
  user?: string;
  password?: string;
  /** Seconds to wait for the server at each step. */
  timeoutSeconds?: number;
}

/** Certificate and handshake failures, as Node and Deno word them. */
const tlsFailure = /certificate|CERT_|ERR_(?:SSL|TLS)_|SSL routines|handshake/i;

/**
 * The error to record when TLS could not be set up: it says that nothing went out and why, without the password.
 * Any other error is returned as it is.
 */
export function explainTlsFailure(error: unknown, settings: SmtpSettings): unknown {
  if (!(error instanceof Error)) return error;
  const { code, command, originalCode, response } = error as Error & { code?: string; command?: string; originalCode?: string; response?: string };
  const server = `${settings.host}:${settings.port}`;
  let reason: string;
  if (code === 'ETLS' || command === 'STARTTLS') {
    reason = response
      ? `the mail server at ${server} did not start TLS (it answered STARTTLS with '${response}')`
      : `TLS with the mail server at ${server} failed (${error.message})`;
  } else if (tlsFailure.test(`${error.message} ${originalCode ?? ''}`)) {
    reason = `the mail server at ${server} has a certificate that is not trusted (${error.message})`;
  } else {
    return error;
  }
  const advice = settings.secure ? 'check SMTP_HOST' : 'check SMTP_HOST and SMTP_PORT: use 465 with SMTP_SECURE=true, or a port whose server offers STARTTLS';
  return Object.assign(new Error(`${reason}; nothing was sent, as the password and the enquiry are not sent in clear: ${advice}`), { code: 'ETLS' });
}

export function createSmtpTransport(settings: SmtpSettings): MailTransport {
  const timeout = (settings.timeoutSeconds ?? 20) * 1000;
  const transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: settings.requireTls,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    pool: true,
    maxConnections: 1,
  });
  return {
    async send(mail: OutgoingMail) {
      try {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo ?? undefined,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          headers: mail.headers,
          // Only the staff addresses receive it, whatever the headers say.
          envelope: { from: mail.from.address, to: mail.to },
          disableFileAccess: true,
          disableUrlAccess: true,
        });
      } catch (error) {
        throw explainTlsFailure(error, settings);
      }
    },
    close() {
      transporter.close();
    },
  };
}
