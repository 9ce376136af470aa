/**
 * A real SMTP server for the notifier's tests (smtp-server, the server half of nodemailer): keeps every message it
 * accepts with its envelope, can be stopped and started on the same port, and can hold or refuse a message.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  /** Stops listening: connections are refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Answers each message with this SMTP error (e.g. 550) instead of accepting it; null accepts again. */
  refuseWith(code: number | null): void;
  /** Runs before a message is accepted (before the 250 reply): the test can act while the sender waits. */
  beforeAccept(hook: ((mail: ReceivedMail) => Promise<void>) | null): void;
  /** Resolves once `count` messages have been accepted. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
}

function address(session: SMTPServerSession, which: 'mailFrom' | 'rcptTo'): string[] {
  const value = session.envelope[which];
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.map((a) => a.address);
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refusal: number | null = null;
  let hook: ((mail: ReceivedMail) => Promise<void>) | null = null;

  const makeServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // stop() drops open (pooled) connections at once instead of waiting for the client to quit.
      closeTimeout: 50,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          if (refusal !== null) {
            const error = Object.assign(new Error('Mailbox unavailable (test refusal)'), { responseCode: refusal });
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail: ReceivedMail = {
            mailFrom: address(session, 'mailFrom')[0] ?? '',
            rcptTo: address(session, 'rcptTo'),
            raw,
            parsed: await simpleParser(raw),
          };
          if (hook) await hook(mail);
          received.push(mail);
          callback(null);
        });
      },
    });

  let server = makeServer();
  const listen = (on: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const boundPort = await listen(port);

  return {
    port: boundPort,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async start() {
      server = makeServer();
      await listen(boundPort);
    },
    refuseWith(code) {
      refusal = code;
    },
    beforeAccept(next) {
      hook = next;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}
