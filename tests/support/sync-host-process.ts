/**
 * The child of tests/support/sync-host.ts: runs `astro sync` in its working folder each time its parent asks, and
 * answers with the exit code and everything the run printed, a failure formatted as the command line prints it.
 */
import { sync } from 'astro';
import { cliFailureMessage } from '../../src/astro-internals.ts';

/** Sends what `stream` is given to `into` instead, until the returned function puts it back. */
function capture(stream: NodeJS.WriteStream, into: string[]): () => void {
  const write = stream.write.bind(stream);
  stream.write = ((chunk: string | Uint8Array) => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof stream.write;
  return () => {
    stream.write = write;
  };
}

// One run at a time: the parent waits for each answer before it asks again.
process.on('message', async () => {
  const printed: string[] = [];
  const release = [capture(process.stdout, printed), capture(process.stderr, printed)];
  let code = 0;
  try {
    await sync({});
  } catch (error) {
    console.error(await cliFailureMessage(error));
    code = 1;
  } finally {
    for (const put of release) put();
  }
  process.send!({ code, output: printed.join('') });
});
process.send!({ ready: true });
