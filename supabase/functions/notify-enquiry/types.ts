/** The notifier's parts, kept behind small interfaces so the same code runs in the Edge Function (Deno) and the local backend (Node). */

/** An owed notification claimed for one run, with its enquiry as stored. */
export interface ClaimedNotification {
  enquiry_id: string;
  /** 1 for the first try; the claim counts it. */
  attempt: number;
  created_at: Date | string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  service: string | null;
  message: string;
  /** The office the visitor asked to answer (IN, US, GB, CA, AU); null: the headquarters. */
  office: string | null;
  /** The visitor's time zone as their browser reported it, or null. */
  visitor_time_zone: string | null;
  /** When the promise is broken on the office's working clock (enquiry-due.ts), or null if not dated yet. */
  due_at: Date | string | null;
}

/** Where owed notifications live: the outbox's SQL functions, reached through Postgres or PGlite. */
export interface NotificationStore {
  claim(batchSize: number, leaseSeconds: number): Promise<ClaimedNotification[]>;
  /** Just before the mail server gets it: never claimed again after this. False when the claim ran out: do not send. */
  markHanded(enquiryId: string, attempt: number): Promise<boolean>;
  markSent(enquiryId: string): Promise<void>;
  /** retryAt null: failed for good. */
  markFailed(enquiryId: string, attempt: number, reason: string, retryAt: Date | null): Promise<void>;
}

/** Rows of a query with $1-style parameters: postgres.js's `unsafe` in the function, PGlite's `query` locally. */
export type SqlRunner = <T>(sql: string, params: unknown[]) => Promise<T[]>;

export interface Mailbox {
  name: string;
  address: string;
}

/** One staff e-mail, ready for a transport; every value in it is already safe to put in a header or HTML. */
export interface OutgoingMail {
  from: Mailbox;
  to: string[];
  replyTo: Mailbox | null;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}
