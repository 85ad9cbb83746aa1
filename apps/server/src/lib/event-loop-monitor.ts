import type { FastifyInstance } from 'fastify';
import { threadSchedule } from './thread-cpu';

export type TEventLoopMonitorOptions = {
  /** A hold of the event loop longer than this many milliseconds is logged; 0 turns the monitor off. */
  thresholdMs: number;
};

/** A request the log can name: what a stall held up, or what held the loop. */
type TRunningRequest = { method: string; route: string; requestId: string };

/**
 * Logs a warning for every time the event loop was held longer than `thresholdMs`, naming the requests that
 * were in flight then (method, route pattern, request id): one of them held it, all of them waited.
 *
 * A timer that should fire every few milliseconds measures how late it fires; `perf_hooks`'
 * `monitorEventLoopDelay` gives a histogram over a period, which cannot tell one stall of 300 ms from three
 * of 100 ms, nor when a stall happened. The requests named are those running at the previous tick and
 * those that started since, so a request that held the loop and finished within the stall is named too.
 */
export function registerEventLoopMonitor(app: FastifyInstance, { thresholdMs }: TEventLoopMonitorOptions): void {
  if (thresholdMs <= 0) return;
  const running = new Set<TRunningRequest>();
  let sinceLastTick = new Set<TRunningRequest>();

  app.addHook('onRequest', (request, reply, done) => {
    const entry = {
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
      requestId: request.id,
    };
    running.add(entry);
    sinceLastTick.add(entry);
    // 'close' comes for answered and abandoned requests alike.
    reply.raw.once('close', () => running.delete(entry));
    done();
  });

  // A quarter of the threshold: a stall is then measured to within that much, at a few wake-ups a second.
  const intervalMs = Math.min(50, Math.max(5, Math.floor(thresholdMs / 4)));
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let lastSchedule = threadSchedule();
  const timer = setInterval(() => {
    const now = performance.now();
    const heldMs = Math.round(now - last - intervalMs);
    const cpu = process.cpuUsage(lastCpu);
    const schedule = threadSchedule();
    const previousSchedule = lastSchedule;
    last = now;
    lastCpu = process.cpuUsage();
    lastSchedule = schedule;
    if (heldMs > thresholdMs) {
      const requests = [...sinceLastTick];
      const names = requests.map((request) => `${request.method} ${request.route} (${request.requestId})`);
      // The process's CPU time over the same span tells work (close to the stall) from a machine too busy
      // to run the process (far below it); it counts the process's other threads (GC, compression) too.
      const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
      // The event loop's own thread: how long it ran (a task holding it) and waited for a core (other threads
      // and processes had them) over the span; absent where the kernel does not tell.
      const thread =
        schedule && previousSchedule
          ? {
              threadRunMs: Math.round(schedule.runMs - previousSchedule.runMs),
              threadWaitMs: Math.round(schedule.waitMs - previousSchedule.waitMs),
            }
          : {};
      app.log.warn(
        { eventLoopStallMs: heldMs, cpuMs, ...thread, requests },
        `event loop stalled for ${heldMs} ms${names.length > 0 ? ` while serving ${names.join(', ')}` : ''}`,
      );
    }
    sinceLastTick = new Set(running);
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
