import { readFileSync } from "node:fs";

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
