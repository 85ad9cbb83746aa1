import { readFileSync } from 'node:fs';

/** Clock ticks per second of Linux's per-thread CPU counters (USER_HZ, 100 on every common kernel). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time the calling thread has used, in milliseconds (10 ms steps), so that work spread over worker threads
 * can be accounted per thread: `process.cpuUsage()` sums every thread, and Node 20 has no per-thread counter.
 * Read from Linux's /proc/thread-self/stat; elsewhere the process's total stands in.
 */
export function threadCpuMs(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
}

/** Time the calling thread has run on a core and waited for one, in milliseconds since it started. */
export type TThreadSchedule = { runMs: number; waitMs: number };

/**
 * The calling thread's time on a core and in the run queue (Linux's /proc/thread-self/schedstat, in nanoseconds),
 * so that a pause of the thread's event loop can be told apart as work (run) or a machine whose cores were busy
 * with other threads (wait); null where the kernel does not keep it.
 */
export function threadSchedule(): TThreadSchedule | null {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    const runMs = Number(run) / 1e6;
    const waitMs = Number(wait) / 1e6;
    return Number.isFinite(runMs) && Number.isFinite(waitMs) ? { runMs, waitMs } : null;
  } catch {
    return null;
  }
}
