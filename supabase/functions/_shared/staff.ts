/**
 * Who is written to about an enquiry: each office's staff addresses (ENQUIRY_NOTIFY_TO_<office code>, which the deploy
 * sets from the office's e-mail on the site, PUBLIC_OFFICE_<code>_EMAIL), else the general ENQUIRY_NOTIFY_TO. Plain
 * TypeScript: Deno runs it in the functions, Node in the local backend and the tests.
 */
import { isPlainAddress } from './email-address.ts';
import { officeCodes, type OfficeCode } from './offices.ts';

type Env = (name: string) => string | undefined;

/** The addresses of ENQUIRY_NOTIFY_TO or one of its per-office variables, split at commas. */
export const addressList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);

/** The variable that holds an office's staff addresses. */
export const officeRecipientsVariable = (code: OfficeCode) => `ENQUIRY_NOTIFY_TO_${code}`;

/** Each office's staff addresses: its own variable, else `general` (ENQUIRY_NOTIFY_TO), with every problem named. */
export function readOfficeRecipients(env: Env, general: string[]): { recipients: Record<OfficeCode, string[]> } | { problems: string[] } {
  const problems: string[] = [];
  const recipients = Object.fromEntries(
    officeCodes.map((code) => {
      const name = officeRecipientsVariable(code);
      const own = addressList(env(name));
      for (const address of own) if (!isPlainAddress(address)) problems.push(`${name}: '${address}' is not an e-mail address`);
      return [code, own.length > 0 ? own : general];
    }),
  ) as Record<OfficeCode, string[]>;
  return problems.length > 0 ? { problems } : { recipients };
}

/** A person who can own an enquiry: named in the office's staff list (ENQUIRY_STAFF_<office code>). */
export interface StaffMember {
  name: string;
  address: string;
}

/** Each office's people: who may own its enquiries, and the manager its overdue enquiries escalate to. */
export interface OfficeStaff {
  staff: StaffMember[];
  manager: StaffMember | null;
}

/** The variables that hold an office's staff list and its manager. */
export const officeStaffVariable = (code: OfficeCode) => `ENQUIRY_STAFF_${code}`;
export const officeManagerVariable = (code: OfficeCode) => `ENQUIRY_MANAGER_${code}`;

const person = /^([^<>,;]{1,80}?)\s*<([^<>\s]+)>$/;

/** `Name <address>` entries, separated by semicolons (a name may not hold one), each named when it does not read. */
function readPeople(name: string, value: string | undefined, problems: string[]): StaffMember[] {
  const people: StaffMember[] = [];
  for (const entry of (value ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = person.exec(entry);
    const member = match ? { name: match[1]!.replace(/[\p{Cc}\p{Cf}]/gu, '').trim(), address: match[2]!.toLowerCase() } : null;
    if (!member || !member.name || !isPlainAddress(member.address)) {
      problems.push(`${name}: '${entry}' is not written as Name <address> (people are separated by semicolons; docs/OPERATIONS.md, "Who owns an enquiry")`);
    } else if (people.some((known) => known.address === member.address)) {
      problems.push(`${name}: ${member.address} is listed twice`);
    } else people.push(member);
  }
  return people;
}

/**
 * Each office's staff list and manager, with every problem named. An office with no list has no "I'll take it"
 * links (its e-mails go to the office's addresses, as before); one with no manager escalates to ENQUIRY_ESCALATE_TO.
 */
export function readOfficeStaff(env: Env): { people: Record<OfficeCode, OfficeStaff> } | { problems: string[] } {
  const problems: string[] = [];
  const people = Object.fromEntries(
    officeCodes.map((code) => {
      const staff = readPeople(officeStaffVariable(code), env(officeStaffVariable(code)), problems);
      const managers = readPeople(officeManagerVariable(code), env(officeManagerVariable(code)), problems);
      if (managers.length > 1) problems.push(`${officeManagerVariable(code)}: name one manager, not ${managers.length}`);
      return [code, { staff, manager: managers[0] ?? null }];
    }),
  ) as Record<OfficeCode, OfficeStaff>;
  return problems.length > 0 ? { problems } : { people };
}

/** The office's staff member with this address, or undefined. */
export const staffMember = (people: OfficeStaff | undefined, address: string): StaffMember | undefined =>
  people?.staff.find((member) => member.address === address.toLowerCase());
