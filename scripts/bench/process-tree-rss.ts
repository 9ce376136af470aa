import { readdirSync, readFileSync } from 'node:fs';

/** Direct children of a process, from /proc/<pid>/task/<tid>/children (Linux only). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

function rssBytes(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of a process and all its descendants right now, in bytes. */
function treeRss(pid: number): number {
  let total = 0;
  const pending = [pid];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    total += rssBytes(next);
    pending.push(...childrenOf(next));
  }
  return total;
}

/** Samples treeRss(pid) every `intervalMs` until stopped; returns the peak seen. */
export function samplePeakRss(pid: number, intervalMs = 100): { stop: () => number } {
  let peak = treeRss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(pid))), intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
