/**
 * What the contact form keeps in the visitor's own browser (localStorage), as nanostores that follow other tabs:
 * the draft being typed, and enquiries written while offline that wait to be sent. Nothing here leaves the browser
 * except by being sent as the enquiry itself; the honeypot is never kept.
 */
import { persistentAtom } from '@nanostores/persistent';
import { isAnsweringOffice, storableTimeZone, type AnsweringOffice } from './answering-office.ts';
import { enquiryValues, hasContent, isServiceChoice, type EnquiryRow, type EnquiryValues } from './enquiry.ts';

/** Every key the form keeps in localStorage starts with this: the page loads the form's code at once if one is there. */
export const enquiryStoragePrefix = 'kalpaka:enquiry-';
export const draftStorageKey = `${enquiryStoragePrefix}draft`;
export const outboxStorageKey = `${enquiryStoragePrefix}outbox`;

interface EnquiryDraft {
  values: EnquiryValues;
  savedAt: string;
}

/** An enquiry whose last attempt met no network: sent, with this id, when the connection returns. */
export interface QueuedEnquiry {
  row: EnquiryRow;
  /** The values as typed, to recognise the draft or form that holds the same enquiry. */
  content: string;
  queuedAt: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function readQueued(raw: unknown): QueuedEnquiry | null {
  if (!isObject(raw) || !isObject(raw.row)) return null;
  const row = raw.row;
  const id = text(row.id);
  const service = textOrNull(row.service);
  if (!/^[0-9a-f-]{36}$/i.test(id) || !text(row.name) || !text(row.email) || !text(row.message)) return null;
  return {
    row: {
      id,
      name: text(row.name),
      email: text(row.email),
      company: textOrNull(row.company),
      phone: textOrNull(row.phone),
      service: service !== null && isServiceChoice(service) ? service : null,
      message: text(row.message),
      office: isAnsweringOffice(text(row.office)) ? (text(row.office) as AnsweringOffice) : null,
      visitor_time_zone: storableTimeZone(textOrNull(row.visitor_time_zone)),
    },
    content: text(raw.content),
    queuedAt: text(raw.queuedAt),
  };
}

function parse(encoded: string): unknown {
  try {
    return JSON.parse(encoded);
  } catch {
    return null;
  }
}

export function decodeDraft(encoded: string): EnquiryDraft | null {
  const raw = parse(encoded);
  if (!isObject(raw)) return null;
  const values = enquiryValues(raw.values);
  return hasContent(values) ? { values, savedAt: text(raw.savedAt) } : null;
}

export function decodeOutbox(encoded: string): QueuedEnquiry[] {
  const raw = parse(encoded);
  return Array.isArray(raw) ? raw.map(readQueued).filter((entry): entry is QueuedEnquiry => entry !== null) : [];
}

/** The draft; null (and nothing stored) when the form is empty or the enquiry was sent. */
export const $draft = persistentAtom<EnquiryDraft | null>(draftStorageKey, null, {
  encode: (draft) => (draft ? JSON.stringify(draft) : undefined),
  decode: decodeDraft,
});

export const $outbox = persistentAtom<QueuedEnquiry[]>(outboxStorageKey, [], {
  encode: (queue) => (queue.length > 0 ? JSON.stringify(queue) : undefined),
  decode: decodeOutbox,
});

/** The form's values as the draft to keep: nothing when every field is empty. */
export function keepDraft(values: EnquiryValues): void {
  $draft.set(hasContent(values) ? { values, savedAt: new Date().toISOString() } : null);
}
