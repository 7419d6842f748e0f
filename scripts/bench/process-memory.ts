/**
 * Resident memory and CPU time of a process and everything it started (Linux /proc): the
 * Functions emulator's workers are children of the firebase-tools process, started and kept as
 * calls arrive.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Parent of each running process. */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (field 2) is in parentheses and may hold spaces: read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  return parentOf;
}

/** `root` and its descendants. */
export function processTree(root: number): number[] {
  const parentOf = parents();
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) {
    for (const [pid, parent] of parentOf) if (parent === tree[i]) tree.push(pid);
  }
  return tree;
}

/** Resident set size in bytes (0 once the process has ended). */
export function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kib ? Number(kib) * 1024 : 0;
  } catch {
    return 0;
  }
}

export interface TreeMemory {
  readonly bytes: number;
  readonly processes: number;
}

export function treeMemory(root: number): TreeMemory {
  const tree = processTree(root);
  return { bytes: tree.reduce((sum, pid) => sum + rssBytes(pid), 0), processes: tree.length };
}

/** Samples the trees of `roots` every `everyMs`, keeping each tree's peak and the peak sum. */
export function sampleMemory(
  roots: Readonly<Record<string, number>>,
  everyMs = 500,
): { stop(): { peaks: Record<string, TreeMemory>; peakTotal: number } } {
  const peaks: Record<string, TreeMemory> = {};
  let peakTotal = 0;
  const sample = (): void => {
    let total = 0;
    for (const [name, pid] of Object.entries(roots)) {
      const now = treeMemory(pid);
      total += now.bytes;
      const peak = peaks[name];
      if (!peak || now.bytes > peak.bytes) peaks[name] = now;
    }
    peakTotal = Math.max(peakTotal, total);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { peaks, peakTotal };
    },
  };
}

/** CPU seconds (user and system) the tree of `root` has used so far, its ended children aside. */
export function treeCpuSeconds(root: number): number {
  const tick = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command name.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / tick;
}

export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
