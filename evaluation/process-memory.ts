import { readdirSync, readFileSync } from "node:fs";

/** Peak resident set size (VmHWM) of a Linux process, in MB; null when /proc is not available. */
export function readPeakRssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match?.[1] ? Math.round(Number(match[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/**
 * Peak RSS of a process and all its descendants (a cluster's primary and its workers), summed,
 * in MB; null when /proc is not available. Each process's own peak is counted, so the sum is an
 * upper bound of what they held at one moment.
 */
export function readTreePeakRssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  let children: number[];
  try {
    children = descendants(pid);
  } catch {
    return readPeakRssMb(pid);
  }
  let total = 0;
  for (const each of [pid, ...children]) {
    const peak = readPeakRssMb(each);
    if (peak === null) return null;
    total += peak;
  }
  return Math.round(total * 10) / 10;
}

function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the fourth field, after the command name in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended while the list was read.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const [child, ofParent] of parents)
      if (ofParent === parent) {
        found.push(child);
        queue.push(child);
      }
  }
  return found;
}

/**
 * CPU time (user + system) used so far by a process and its descendants, in seconds; null when
 * /proc is not available. Clock ticks are 100 a second on Linux.
 */
export function readTreeCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    let ticks = 0;
    for (const each of [pid, ...descendants(pid)]) {
      const stat = readFileSync(`/proc/${each}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / 100;
  } catch {
    return null;
  }
}
