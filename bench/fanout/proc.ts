import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports CPU time in USER_HZ ticks, 100 a second on every architecture Node runs on. */
const MICROS_PER_TICK = 10_000;

/** The fields after `pid (comm)`; comm may hold spaces and parentheses. */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

const field = (fields: readonly string[], number: number) => Number(fields[number - 3] ?? 0);

/** User plus system CPU a process has used, in microseconds (10 ms resolution). */
export function cpuMicros(pid: number): number {
  const fields = statFields(pid);
  return (field(fields, 14) + field(fields, 15)) * MICROS_PER_TICK;
}

/** Write system calls a process has made (write, writev, send…: `syscw` of /proc/<pid>/io); NaN when unreadable. */
export function writeCalls(pid: number): number {
  try {
    return Number(/^syscw:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

/** Resident set size in bytes. */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`No VmRSS for process ${pid}.`);
  return Number(kib) * 1024;
}

/**
 * CPU of a process and its children: the live ones, plus those it has reaped
 * (cutime, cstime). For PostgreSQL, the postmaster and its backends.
 */
export function treeCpuMicros(parent: number): number {
  const own = statFields(parent);
  let ticks = field(own, 14) + field(own, 15) + field(own, 16) + field(own, 17);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(Number(entry));
      if (field(fields, 4) === parent) ticks += field(fields, 14) + field(fields, 15);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * MICROS_PER_TICK;
}

/** The soft limit on open files; Node raises it to the hard limit at start. */
export function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

/** CPU the whole machine has been busy, summed over its CPUs, in microseconds (/proc/stat). */
export function machineBusyMicros(): number {
  const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).map(Number);
  // cpu user nice system idle iowait irq softirq steal: all but idle and iowait.
  const busy = [1, 2, 3, 6, 7, 8].reduce((sum, i) => sum + (ticks[i] ?? 0), 0);
  return busy * MICROS_PER_TICK;
}
