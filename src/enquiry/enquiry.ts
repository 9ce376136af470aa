/** The contact form's values and the table row they become. */
import { serviceChoices, type ServiceChoice } from '../config/enquiry.ts';
import { isAnsweringOffice, visitorTimeZone, type AnsweringOffice } from './answering-office.ts';
import { enquiryEmail } from './email-address.ts';

/** What the visitor typed; optional fields are '' when left empty. */
export interface EnquiryValues {
  name: string;
  email: string;
  company: string;
  phone: string;
  service: ServiceChoice | '';
  message: string;
  /** The office the visitor asked to answer; '' (or none) lets the company choose: the headquarters. */
  office?: AnsweringOffice | '';
}

/** One row of contact_submissions as the client sends it (the server adds created_at). */
export interface EnquiryRow {
  /** Chosen by the client (crypto.randomUUID()) so a retried insert cannot store the enquiry twice. */
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  service: ServiceChoice | null;
  message: string;
  office?: AnsweringOffice | null;
  /** The visitor's IANA time zone, from their browser: staff see when the enquiry came in the visitor's own time. */
  visitor_time_zone?: string | null;
}

export const emptyEnquiry: EnquiryValues = { name: '', email: '', company: '', phone: '', service: '', message: '', office: '' };

/**
 * The form's values from any record of them (the form's FormData entries, or what the browser's storage returned,
 * which anything in the browser may have changed): only the known fields, only text, only a known service.
 */
export function enquiryValues(raw: unknown): EnquiryValues {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const text = (name: keyof EnquiryValues) => (typeof record[name] === 'string' ? (record[name] as string) : '');
  const service = text('service');
  const office = text('office');
  return {
    name: text('name'),
    email: text('email'),
    company: text('company'),
    phone: text('phone'),
    service: isServiceChoice(service) ? service : '',
    message: text('message'),
    office: isAnsweringOffice(office) ? office : '',
  };
}

/** Whether any field the visitor typed or chose holds something worth keeping (the office is suggested, not typed). */
export const hasContent = ({ office: _office, ...typed }: EnquiryValues): boolean => Object.values(typed).some((value) => value !== '');

export function isServiceChoice(value: string): value is ServiceChoice {
  return (serviceChoices as readonly string[]).includes(value);
}

function optional(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function toRow(values: EnquiryValues, id: string): EnquiryRow {
  return {
    id,
    name: values.name.trim(),
    email: enquiryEmail(values.email),
    company: optional(values.company),
    phone: optional(values.phone),
    service: values.service === '' ? null : values.service,
    message: values.message.trim(),
    office: values.office || null,
    visitor_time_zone: visitorTimeZone(),
  };
}

/**
 * Name of a visually hidden field people never see and bots tend to fill. When it has a
 * value, pretend success and send nothing, so the bot learns nothing.
 */
export const honeypotFieldName = 'website';

/** Accepts a FormData entry: any string other than whitespace, or any file, counts as filled. */
export function isHoneypotFilled(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value != null;
}
