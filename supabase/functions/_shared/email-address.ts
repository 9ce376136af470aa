/**
 * The one rule for an enquirer's e-mail address, shared by the contact form (src/enquiry/email-address.ts), the staff
 * notifier's Reply-To (notify-enquiry/message.ts) and, written out in SQL, the table's check
 * (supabase/migrations/20261127090000_strict_email_addresses.sql; tests/db/contact-submissions.db.test.ts holds
 * the two to the same answers). Plain TypeScript with no imports: Deno runs it in the notifier, the browser in the form.
 *
 * A plain address is only a mailbox: a dot-atom local part and a host name of letters, digits and hyphens, all
 * ASCII. Nothing a mail client could read as a display name ("x" <a@b.co>), a comment, a second address or a
 * quoted local part, and no character a reader cannot see: spaces of any kind, controls, and format characters
 * such as U+200B or U+202E, which would make one visible mailbox into many.
 */
export const plainAddress =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The longest address SMTP carries (RFC 5321's path limit less the brackets); the table allows the same. */
export const maxAddressLength = 254;

export function isPlainAddress(value: string): boolean {
  return value.length <= maxAddressLength && plainAddress.test(value);
}

/** A host name typed in its own script (münchen.de): letters, marks and digits a reader sees, dots and hyphens. */
const visibleInternationalHost = /^(?:(?![\p{Default_Ignorable_Code_Point}])[\p{L}\p{M}\p{N}.-])+$/u;

/**
 * The address with a host name typed in its own script written as the ASCII form mail servers use
 * (a@münchen.de → a@xn--mnchen-3ya.de), as browsers already send it from some e-mail fields. Anything else is
 * returned as it was: an invisible character is never dropped here (the rule above refuses it), because the
 * standard host name mapping would silently delete U+200B or U+00AD and hide what was typed.
 */
export function asciiAddress(value: string): string {
  const at = value.lastIndexOf('@');
  const host = value.slice(at + 1);
  if (at < 1 || /^[\x21-\x7e]*$/.test(host) || !visibleInternationalHost.test(host)) return value;
  try {
    return `${value.slice(0, at)}@${new URL(`http://${host}/`).hostname}`;
  } catch {
    return value;
  }
}
