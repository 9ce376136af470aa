/**
 * One run of the notifier in a child process (tests/support/notifier-process.ts) that a test can kill with SIGKILL at
 * a chosen step of sending a message: after the claim, after marking it handed to the mail server, or after the mail
 * server accepted it and before it is marked sent. The database stays here, as a server outlives the function.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DeliveryReport } from '../../supabase/functions/notify-enquiry/deliver.ts';

export type Step = 'claimed' | 'handed' | 'accepted';
/** Which outbox a step is about: the first staff e-mail, or a reminder, overdue warning or digest. */
export type Outbox = 'notification' | 'reminder';

export type FromNotifier =
  | { id: number; sql: string; params: unknown[] }
  | { id: number; step: Step; outbox: Outbox }
  | { done: { notifications: DeliveryReport; reminders: DeliveryReport } };
export type ToNotifier = { id: number; rows: unknown[] } | { id: number; error: string } | { id: number; go: true };

export type RunResult = { killed: false; notifications: DeliveryReport; reminders: DeliveryReport } | { killed: true };

const child = fileURLToPath(new URL('./notifier-process.ts', import.meta.url));

/**
 * Runs the notifier once with `env` (the function's settings), its queries through `query` (as the service role).
 * With `killAt`, kills it the first time it reaches that step for that outbox; resolves when the process has gone.
 */
export function runNotifier(
  env: Record<string, string>,
  query: (sql: string, params: unknown[]) => Promise<unknown[]>,
  killAt?: { step: Step; outbox: Outbox },
): Promise<RunResult> {
  const notifier = fork(child, [], {
    env: { PATH: process.env.PATH ?? '', ...env },
    execPath: process.execPath,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let result: RunResult | null = null;
  return new Promise((resolve, reject) => {
    notifier.on('error', reject);
    notifier.on('exit', (code, signal) => {
      if (result) resolve(result);
      else reject(new Error(`the notifier exited before its run ended (code ${code}, signal ${signal})`));
    });
    notifier.on('message', async (message: FromNotifier) => {
      if ('done' in message) {
        result = { killed: false, ...message.done };
      } else if ('step' in message) {
        if (killAt?.step === message.step && killAt.outbox === message.outbox) {
          result = { killed: true };
          notifier.kill('SIGKILL');
        } else {
          notifier.send({ id: message.id, go: true } satisfies ToNotifier);
        }
      } else {
        try {
          const rows = await query(message.sql, message.params);
          if (notifier.connected) notifier.send({ id: message.id, rows } satisfies ToNotifier);
        } catch (error) {
          if (notifier.connected) notifier.send({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies ToNotifier);
        }
      }
    });
  });
}
