/**
 * `astro sync` (the content check of every build) run again and again in one Node process kept for a copy of the
 * project. A fresh `astro` process spends most of a sync's processor time loading Astro, Vite and Rolldown (about 1.1
 * of its 1.8 core-seconds); the tests that make one writer's mistake after another pay that once. Each run still starts
 * Astro afresh from the copy's files (its config, content config and content store), and a failure is printed by
 * Astro's own command-line formatter (src/astro-internals.ts); tests/project/content-mistakes.test.ts checks that a
 * mistake reads the same as from `astro sync` itself.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { toolEnv } from './project-copy.ts';

export interface SyncRun {
  code: number;
  /** What the run printed, standard output and error in the order it printed them. */
  output: string;
}

export interface SyncHost {
  sync(): Promise<SyncRun>;
  close(): Promise<void>;
}

const child = fileURLToPath(new URL('./sync-host-process.ts', import.meta.url));

/** A process that runs `astro sync` in `root` on each `sync()`, with the environment of `astro` run from a test (`toolEnv`). */
export async function startSyncHost(root: string): Promise<SyncHost> {
  const host: ChildProcess = fork(child, [], {
    cwd: root,
    env: toolEnv('production'),
    execPath: process.execPath,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const nextMessage = <T>() =>
    new Promise<T>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the sync host exited with code ${code}`));
      host.once('exit', exited);
      host.once('message', (message) => {
        host.off('exit', exited);
        resolve(message as T);
      });
    });
  await nextMessage<{ ready: true }>();
  return {
    async sync() {
      const answer = nextMessage<SyncRun>();
      host.send({ run: 'sync' });
      return answer;
    },
    async close() {
      if (host.exitCode !== null) return;
      const exited = new Promise((resolve) => host.once('exit', resolve));
      host.kill();
      await exited;
    },
  };
}
