import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database';
import { useTestDatabase } from '../../test/lifecycle';
import { checkLink, type TCheckLinkOptions } from './check-link';
import { claimHostSlot, forgetIdleHosts } from './host-slots-repository';
import { createSharedHostThrottle } from './host-throttle';

const INTERVAL_MS = 250;
/** Claims only, nobody waits for them: long enough that no claim, however late, finds its host's slot passed. */
const CLAIM_INTERVAL_MS = 60_000;

const database = useTestDatabase();

/** When each request reached the publisher's server, in its own clock. */
const arrivals: number[] = [];
let server: http.Server;
let fileUrl: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    arrivals.push(Date.now());
    response.writeHead(200, { 'content-length': 3 }).end(request.method === 'HEAD' ? undefined : 'a,b');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fileUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/file.csv`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** The check options of one server process: its own pool on the shared database, its own throttle. */
function processOn(url: string) {
  const handle = createDatabase({ url, maxConnections: 2 });
  const options: TCheckLinkOptions = {
    allowedHosts: ['127.0.0.1'],
    timeoutMs: 5000,
    maxRedirects: 5,
    throttle: createSharedHostThrottle({ db: handle.db, intervalMs: INTERVAL_MS }),
  };
  return { db: handle.db, options, close: () => handle.close() };
}

describe('createSharedHostThrottle', () => {
  it('spaces out requests to one host over two server processes', async () => {
    const [first, second] = [processOn(database.url), processOn(database.url)];
    try {
      const before = arrivals.length;
      const results = await Promise.all(
        [first, second, first, second].map((process) => checkLink(fileUrl, process.options)),
      );
      expect(results.map((result) => result.status)).toEqual(['online', 'online', 'online', 'online']);
      const times = arrivals.slice(before).sort((a, b) => a - b);
      expect(times).toHaveLength(4);
      // Each process alone would send its two requests one interval apart and both at once: about one interval
      // from first to last. Shared, the four take three, less what the machine's load shifts a request by.
      expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(2 * INTERVAL_MS);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('hands the processes slots one interval apart, claimed at the same moment', async () => {
    const [first, second] = [processOn(database.url), processOn(database.url)];
    try {
      const slots = await Promise.all(
        [first, second, first, second, first, second].map((process) =>
          claimHostSlot(process.db, 'slots.example', CLAIM_INTERVAL_MS),
        ),
      );
      const times = slots.map((slot) => slot.at.getTime()).sort((a, b) => a - b);
      // Timestamps come back in whole milliseconds.
      for (let index = 1; index < times.length; index++) {
        expect(Math.abs(times[index]! - times[index - 1]! - CLAIM_INTERVAL_MS)).toBeLessThanOrEqual(1);
      }
      expect(slots.filter((slot) => slot.waitMs === 0)).toHaveLength(1);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('keeps its spacing in the process while the database cannot be asked', async () => {
    const gone = createDatabase({ url: 'postgres://postgres@127.0.0.1:9/none', maxConnections: 1 });
    try {
      const throttle = createSharedHostThrottle({ db: gone.db, intervalMs: INTERVAL_MS });
      const started = Date.now();
      await Promise.all([throttle.wait('example.org'), throttle.wait('example.org')]);
      // A timer may fire a millisecond early.
      expect(Date.now() - started).toBeGreaterThanOrEqual(INTERVAL_MS - 5);
    } finally {
      await gone.close();
    }
  });

  it('forgets hosts not asked for in the last minute', async () => {
    await database.db
      .insertInto('link_check_hosts')
      .values([
        { host: 'idle.example', next_slot_at: new Date(Date.now() - 5 * 60_000) },
        { host: 'busy.example', next_slot_at: new Date(Date.now() + 1000) },
      ])
      .execute();
    await forgetIdleHosts(database.db);
    const hosts = await database.db.selectFrom('link_check_hosts').select('host').orderBy('host').execute();
    expect(hosts.map((row) => row.host)).not.toContain('idle.example');
    expect(hosts.map((row) => row.host)).toContain('busy.example');
  });
});
