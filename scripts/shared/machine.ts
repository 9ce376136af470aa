import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';

export interface Machine {
  cores: number;
  memoryGiB: number;
  cpu: string;
  node: string;
  chromium?: string;
}

/** Chromium's version line, e.g. "Chromium 156.0.8078.79", or undefined when it cannot be run. */
function chromiumVersion(path: string): string | undefined {
  try {
    const output = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return /Chrom(e|ium)[^\n]*?\d+(\.\d+)+/.exec(output)?.[0];
  } catch {
    return undefined;
  }
}

export function describeMachine(chromiumPath?: string): Machine {
  const machine: Machine = {
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
  };
  if (chromiumPath) machine.chromium = chromiumVersion(chromiumPath) ?? 'unknown';
  return machine;
}

export const machineLine = (machine: Machine): string =>
  [`${machine.cores} cores (${machine.cpu})`, `${machine.memoryGiB} GiB`, `Node ${machine.node}`, machine.chromium].filter(Boolean).join(', ');
