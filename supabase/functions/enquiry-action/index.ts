/**
 * Supabase Edge Function enquiry-action: records that an enquiry was answered or closed, from the button of the
 * confirmation page a staff e-mail's link opens (/staff/enquiry on the site). What it answers: handler.ts.
 * Secrets: SITE_URL, ENQUIRY_LINK_SECRET (the notifier's), the offices' staff lists (ENQUIRY_STAFF_<office>, the
 * notifier's), and SUPABASE_DB_URL (set by the platform).
 */
import { readLinkSettings } from '../_shared/link-settings.ts';
import { supabaseHostedBy } from '../notify-enquiry/config.ts';
import { readOfficeStaff } from '../_shared/staff.ts';
import { createActionHandler } from './handler.ts';
import { createPostgresActionStore } from './postgres-store.ts';

const env = (name: string) => Deno.env.get(name);
const settings = readLinkSettings(env, supabaseHostedBy(env));
const databaseUrl = env('SUPABASE_DB_URL') ?? '';
const problems = [...('problems' in settings ? settings.problems : []), ...(databaseUrl ? [] : ['SUPABASE_DB_URL is not set'])];
if (problems.length > 0) console.error(`enquiry-action is not set up: ${problems.join('; ')}`);

// A staff list that does not read stops only the "I'll take it" links; answering and closing still work.
const staff = readOfficeStaff(env);
if ('problems' in staff) console.error(`enquiry-action refuses "I'll take it" links: ${staff.problems.join('; ')}`);

const ready = problems.length === 0 && !('problems' in settings) ? settings : null;
Deno.serve(
  createActionHandler({ settings: ready, store: ready ? createPostgresActionStore(databaseUrl) : null, people: 'problems' in staff ? null : staff.people }),
);
