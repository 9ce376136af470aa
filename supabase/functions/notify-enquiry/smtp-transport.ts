/** Sends staff e-mails through an SMTP server with nodemailer (npm), which runs on Node and on Supabase's Deno. */
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './types.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (ports 465, 2465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  password?: string;
  /** Seconds to wait for the server at each step. */
  timeoutSeconds?: number;
}

export function createSmtpTransport(settings: SmtpSettings): MailTransport {
  const timeout = (settings.timeoutSeconds ?? 20) * 1000;
  const transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    pool: true,
    maxConnections: 1,
  });
  return {
    async send(mail: OutgoingMail) {
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
    },
    close() {
      transporter.close();
    },
  };
}
