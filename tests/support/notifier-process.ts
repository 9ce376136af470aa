/**
 * The child of tests/support/killable-notifier.ts: one run of the notifier, as the Edge Function makes it (staff
 * e-mails, then reminders), in a process of its own that the test can kill. The database stays with the parent, as
 * it stays on its server when the function dies: each query goes to the parent and back. At each step of sending a
 * message (claimed, handed to the mail server, accepted by it) the child tells the parent and waits for a go-ahead,
 * so the parent can kill it exactly there.
 */
import { deliverOwed, sqlNotificationStore } from '../../supabase/functions/notify-enquiry/deliver.ts';
import { readNotifierConfig } from '../../supabase/functions/notify-enquiry/config.ts';
import { deliverReminders, readReminderConfig, sqlReminderStore } from '../../supabase/functions/notify-enquiry/reminders.ts';
import { createSmtpTransport } from '../../supabase/functions/notify-enquiry/smtp-transport.ts';
import type { SqlRunner } from '../../supabase/functions/notify-enquiry/types.ts';
import type { FromNotifier, Outbox, Step, ToNotifier } from './killable-notifier.ts';

const send = (message: FromNotifier) => process.send!(message);
const waiting = new Map<number, (answer: ToNotifier) => void>();
let nextId = 0;

function ask(message: Omit<Extract<FromNotifier, { id: number }>, 'id'>): Promise<ToNotifier> {
  const id = (nextId += 1);
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    send({ ...message, id } as FromNotifier);
  });
}

process.on('message', (answer: ToNotifier) => {
  waiting.get(answer.id)?.(answer);
  waiting.delete(answer.id);
});

const run: SqlRunner = async <T>(sql: string, params: unknown[]) => {
  const answer = await ask({ sql, params });
  if ('error' in answer) throw new Error(answer.error);
  return ('rows' in answer ? answer.rows : []) as T[];
};

async function reached(step: Step, outbox: Outbox): Promise<void> {
  await ask({ step, outbox });
}

/** The store with a pause at each step; the methods a store does not have (an older notifier) are left out. */
function withSteps<S extends { claim(...args: never[]): Promise<unknown[]>; markSent(...args: never[]): Promise<void> }>(store: S, outbox: Outbox): S {
  const paused: S = { ...store };
  paused.claim = (async (...args: never[]) => {
    const batch = await store.claim(...args);
    if (batch.length > 0) await reached('claimed', outbox);
    return batch;
  }) as S['claim'];
  paused.markSent = (async (...args: never[]) => {
    await reached('accepted', outbox);
    return store.markSent(...args);
  }) as S['markSent'];
  const handed = (store as { markHanded?: (...args: never[]) => Promise<boolean> }).markHanded;
  if (handed) {
    Object.assign(paused, {
      markHanded: async (...args: never[]) => {
        const ok = await handed(...args);
        if (ok) await reached('handed', outbox);
        return ok;
      },
    });
  }
  return paused;
}

const env = (name: string) => process.env[name];
const config = readNotifierConfig(env);
if ('problems' in config) throw new Error(config.problems.join('; '));
const reminderConfig = readReminderConfig(env, config.mail.to);
if ('problems' in reminderConfig) throw new Error(reminderConfig.problems.join('; '));
const transport = createSmtpTransport(config.smtp);

const notifications = await deliverOwed(withSteps(sqlNotificationStore(run), 'notification'), transport, config.mail, config.policy);
const reminders = await deliverReminders(withSteps(sqlReminderStore(run), 'reminder'), transport, config.mail, reminderConfig.settings, config.policy);
transport.close();
send({ done: { notifications, reminders } });
process.disconnect();
