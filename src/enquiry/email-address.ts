/**
 * The contact form's e-mail address: the rule the table's check and the staff notifier's Reply-To apply
 * (supabase/functions/_shared/email-address.ts, one definition for all three), checked before sending.
 */
import { asciiAddress, isPlainAddress } from '../../supabase/functions/_shared/email-address.ts';

/** Shown on the field when the address would be refused: what to write instead. */
export const emailAddressMessage =
  'Please enter just your email address, like name@example.com, with no name, spaces, quote marks or angle brackets around it. If it looks right, type it again: it may hold a character that does not show.';

/** The address as the row carries it: without spaces around it, a host name in its own script in ASCII form. */
export const enquiryEmail = (typed: string): string => asciiAddress(typed.trim());

/** Whether the table would store the address typed (and the staff e-mail can direct replies to it). */
export const isAcceptedEmail = (typed: string): boolean => isPlainAddress(enquiryEmail(typed));
