/**
 * Supabase Edge Function notify-enquiry: e-mails staff every stored enquiry that is still owed a notification.
 * Called by the outbox's Database Webhook after each insert and by Supabase Cron every minute (see the migration
 * 20261124090000_enquiry_notifications.sql), with `Authorization: Bearer <ENQUIRY_NOTIFY_TOKEN>`.
 * Each run also sends the reminders and daily digest that are due (reminders.ts, docs/STAFF.md).
 * Answers with what the run did: { sent, retrying, failed, errors, reminders: { sent, retrying, failed, errors } }.
 */
import { readNotifierConfig } from './config.ts';
import { deliverOwed } from './deliver.ts';
import { dateEnquiries } from './enquiry-due.ts';
import { createPostgresStore } from './postgres-store.ts';
import { defaultRemindAfterSeconds, deliverReminders, readReminderConfig } from './reminders.ts';
import { createSmtpTransport } from './smtp-transport.ts';

const env = (name: string) => Deno.env.get(name);
const config = readNotifierConfig(env);
const token = env('ENQUIRY_NOTIFY_TOKEN') ?? '';
const databaseUrl = env('SUPABASE_DB_URL') ?? '';
const setupProblems = [
  ...('problems' in config ? config.problems : []),
  ...(token.length < 16 ? ['ENQUIRY_NOTIFY_TOKEN is not set or shorter than 16 characters'] : []),
  ...(databaseUrl ? [] : ['SUPABASE_DB_URL is not set']),
];
if (setupProblems.length > 0) console.error(`notify-enquiry is not set up: ${setupProblems.join('; ')}`);
if ('staffProblems' in config && config.staffProblems.length > 0) {
  console.warn(`notify-enquiry: staff e-mails go out without their "I'll take it" links: ${config.staffProblems.join('; ')}`);
}
if ('linkProblems' in config && config.linkProblems.length > 0) {
  console.warn(`notify-enquiry: staff e-mails go out without their "Mark as answered" links: ${config.linkProblems.join('; ')}`);
}

const ready = 'problems' in config || setupProblems.length > 0 ? null : config;
const store = ready ? createPostgresStore(databaseUrl) : null;
const transport = ready ? createSmtpTransport(ready.smtp) : null;
// A problem with the reminder settings stops reminders only: each enquiry's first staff e-mail matters more.
const reminderConfig = ready ? readReminderConfig(env, ready.mail.to) : null;
if (reminderConfig && 'problems' in reminderConfig) console.error(`notify-enquiry: reminders are not set up: ${reminderConfig.problems.join('; ')}`);
if (reminderConfig && 'warnings' in reminderConfig) for (const warning of reminderConfig.warnings) console.warn(`notify-enquiry: ${warning}`);
const reminders = reminderConfig && 'settings' in reminderConfig ? reminderConfig.settings : null;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Compares without an early exit, so the time taken says nothing about how much of the token was right. */
function sameToken(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i += 1) difference |= (given.charCodeAt(i) || 0) ^ expected.charCodeAt(i);
  return difference === 0;
}

Deno.serve(async (request) => {
  if (request.method !== 'POST') return json(405, { error: 'POST only' });
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!token || !sameToken(given, token)) return json(401, { error: 'unauthorized' });
  if (!ready || !store || !transport) return json(500, { error: 'not set up', problems: setupProblems });
  try {
    const started = Date.now();
    // Due times first, so the first staff e-mail says when the enquiry is due on its office's working clock.
    await dateEnquiries(store.dating, reminders?.remindAfterSeconds ?? defaultRemindAfterSeconds);
    const report = await deliverOwed(store, transport, ready.mail, ready.policy);
    if (report.errors.length > 0) console.warn(`notify-enquiry: ${report.errors.join('\n')}`);
    // Reminders get what is left of the run's time budget, so both steps together end within the platform's limit.
    const reminderPolicy = { ...ready.policy, timeBudgetMs: Math.max(0, started + ready.policy.timeBudgetMs - Date.now()) };
    const reminderReport = reminders
      ? await deliverReminders(store.reminders, transport, ready.mail, reminders, reminderPolicy)
      : { problems: reminderConfig && 'problems' in reminderConfig ? reminderConfig.problems : [] };
    if ('errors' in reminderReport && reminderReport.errors.length > 0) console.warn(`notify-enquiry: ${reminderReport.errors.join('\n')}`);
    return json(200, { ...report, reminders: reminderReport });
  } catch (error) {
    // The database could not be reached or refused: nothing was marked, so the next call picks the work up again.
    console.error('notify-enquiry: run stopped', error);
    return json(503, { error: error instanceof Error ? error.message : String(error) });
  }
});
