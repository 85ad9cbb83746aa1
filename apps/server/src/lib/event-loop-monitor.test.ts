import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEventLoopMonitor } from './event-loop-monitor';

type TLogLine = {
  level: number;
  msg: string;
  eventLoopStallMs?: number;
  threadRunMs?: number;
  threadWaitMs?: number;
  requests?: { route: string }[];
};

const lines: TLogLine[] = [];
let app: FastifyInstance;
let baseUrl: string;

/** Holds the event loop as a handler doing too much work at once would. */
function holdEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      callback();
    },
  });
  app = Fastify({ logger: { level: 'warn', stream }, requestIdHeader: 'x-request-id' });
  registerEventLoopMonitor(app, { thresholdMs: 200 });
  app.get('/hold/:ms', async (request) => {
    holdEventLoop(Number((request.params as { ms: string }).ms));
    return { ok: true };
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
});

/** The warnings about stalls that name a request to `path`. */
const stallsNaming = (route: string) =>
  lines.filter((line) => line.msg.startsWith('event loop stalled') && line.requests?.some((r) => r.route === route));

/** Lets the monitor's timer run once more after a request, so a stall it caused is measured. */
const afterNextTick = () => new Promise((resolve) => setTimeout(resolve, 120));

describe('the event-loop monitor', () => {
  it('logs one warning naming the route and request id of a handler that holds the event loop for 300 ms', async () => {
    const response = await fetch(`${baseUrl}/hold/300`, { headers: { 'x-request-id': 'held-request' } });
    expect(response.status).toBe(200);
    await afterNextTick();
    const stalls = stallsNaming('/hold/:ms');
    expect(stalls).toHaveLength(1);
    expect(stalls[0]!.level).toBe(40);
    expect(stalls[0]!.msg).toBe(
      `event loop stalled for ${stalls[0]!.eventLoopStallMs} ms while serving GET /hold/:ms (held-request)`,
    );
    expect(stalls[0]!.eventLoopStallMs).toBeGreaterThan(200);
    // The event loop's thread ran (or waited for a core) through the hold: it was a task, not a sleep.
    const { threadRunMs = 0, threadWaitMs = 0 } = stalls[0]!;
    expect(threadRunMs).toBeGreaterThan(0);
    expect(threadRunMs + threadWaitMs).toBeGreaterThanOrEqual(250);
  });

  it('logs nothing for a handler that holds the event loop for 50 ms, under the threshold', async () => {
    const before = lines.length;
    const response = await fetch(`${baseUrl}/hold/50`, { headers: { 'x-request-id': 'quick-request' } });
    expect(response.status).toBe(200);
    await afterNextTick();
    expect(lines.slice(before).filter((line) => line.msg.includes('quick-request'))).toEqual([]);
  });
});
