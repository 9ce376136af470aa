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
