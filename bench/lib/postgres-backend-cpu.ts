import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU ticks (user and system) of one process so far, or null when it is gone. */
export function ticksOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** CPU time (ms) of one PostgreSQL backend so far, read from /proc (the benchmark runs on the database's machine). */
export function backendCpuMs(pid: number): number {
  return ((ticksOf(pid) ?? 0) * 1000) / TICKS_PER_SECOND;
}

export type TBackendCpuTracker = {
  /** CPU time (ms) of every backend of the database seen so far; the difference of two reads is the work between. */
  read(): number;
  stop(): void;
};

/**
 * Follows the CPU time of every PostgreSQL backend connected to `databaseName` on this machine (an external
 * server, such as the machine's own PostgreSQL: its backends are not children of the benchmark). A backend's
 * title names its database (`postgres: [cluster: ]user database host(port) state`). Backends come and go with the
 * pools' idle timeouts, and /proc forgets a backend's time when it ends, so the backends are sampled every
 * `intervalMs` and the last time seen of each is kept: what a backend spent after its last sample is lost.
 */
export function trackBackendCpu(databaseName: string, intervalMs = 100): TBackendCpuTracker {
  const title = new RegExp(`^postgres: (?:\\S+: )?\\S+ ${databaseName.replace(/[^\w]/g, '\\$&')} `);
  const lastTicks = new Map<number, number>();
  const sample = () => {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const pid = Number(name);
      let cmdline: string;
      try {
        cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (!title.test(cmdline.replaceAll('\0', ' '))) continue;
      const ticks = ticksOf(pid);
      if (ticks !== null) lastTicks.set(pid, ticks);
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    read() {
      sample();
      let ticks = 0;
      for (const value of lastTicks.values()) ticks += value;
      return (ticks * 1000) / TICKS_PER_SECOND;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
