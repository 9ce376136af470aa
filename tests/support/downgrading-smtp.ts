/**
 * An SMTP server as a downgrading attacker runs it (smtp-server): it offers no STARTTLS, asks for a password, accepts
 * any password in clear and takes any message. It records what a client gave away, so a test can see that nothing was.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface DowngradingSmtp {
  port: number;
  /** The user names and passwords clients sent. */
  credentials: Array<{ username: string; password: string }>;
  /** MAIL FROM, RCPT TO and DATA commands that reached the server. */
  envelopeCommands: string[];
  messages: string[];
  stop(): Promise<void>;
}

/**
 * `hidden`: STARTTLS is left out of the EHLO answer (a client that asks anyway gets the server's own untrusted
 * certificate); `refused`: the command is not supported at all, as when an attacker strips it.
 */
export async function startDowngradingSmtp(starttls: 'hidden' | 'refused'): Promise<DowngradingSmtp> {
  const credentials: DowngradingSmtp['credentials'] = [];
  const envelopeCommands: string[] = [];
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    ...(starttls === 'hidden' ? { hideSTARTTLS: true } : { disabledCommands: ['STARTTLS'] }),
    logger: false,
    closeTimeout: 50,
    onAuth(auth, _session, callback) {
      credentials.push({
        username: auth.username ?? '',
        password: auth.password ?? '',
      });
      callback(null, { user: auth.username });
    },
    onMailFrom(address, _session, callback) {
      envelopeCommands.push(`MAIL FROM:${address.address}`);
      callback();
    },
    onRcptTo(address, _session, callback) {
      envelopeCommands.push(`RCPT TO:${address.address}`);
      callback();
    },
    onData(stream, _session, callback) {
      envelopeCommands.push('DATA');
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback(null);
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
  // A client that refuses the server's certificate shows up as a server error: that refusal is what the tests want.
  server.on('error', () => {});
  return {
    port,
    credentials,
    envelopeCommands,
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
