import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  findFreePort,
  startEmbeddedPostgres,
  type TEmbeddedPostgres,
  type TEmbeddedPostgresEvent,
} from './embedded-postgres';

const folders: string[] = [];
const started: TEmbeddedPostgres[] = [];

async function throwawayCluster(options: {
  isSupervised: boolean;
  events?: TEmbeddedPostgresEvent[];
  onEvent?: (event: TEmbeddedPostgresEvent) => void;
}) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-embedded-pg-'));
  // PostgreSQL runs as its own user when the tests run as root; it must reach its folder.
  await chmod(folder, 0o755);
  folders.push(folder);
  const port = await findFreePort();
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(folder, 'data'),
    port,
    isEphemeral: true,
    isSupervised: options.isSupervised,
    onEvent: options.onEvent ?? ((event) => options.events?.push(event)),
  });
  started.push(embedded);
  return { embedded, port };
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

async function answers(url: string): Promise<boolean> {
  return query(url, 'select 1').then(
    () => true,
    () => false,
  );
}

afterEach(async () => {
  for (const embedded of started.splice(0)) await embedded.stop();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('the embedded PostgreSQL supervisor', () => {
  it('starts a postmaster again that was stopped fast, stopped smart or killed, on its port and with its data', async () => {
    const events: TEmbeddedPostgresEvent[] = [];
    const { embedded, port } = await throwawayCluster({ isSupervised: true, events });
    await query(embedded.adminUrl, 'create table kept (value text); insert into kept values ($$before$$)');

    // SIGINT is what `pg_ctl stop -m fast` sends, SIGTERM a smart shutdown, SIGKILL a crash.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL'] as const) {
      const before = embedded.pid();
      expect(before).toBeGreaterThan(0);
      process.kill(before!, signal);
      await expect
        .poll(async () => embedded.pid() !== null && embedded.pid() !== before && (await answers(embedded.adminUrl)), {
          timeout: 15_000,
          interval: 100,
        })
        .toBe(true);
      expect(new URL(embedded.adminUrl).port).toBe(String(port));
      expect(await query<{ value: string }>(embedded.adminUrl, 'select value from kept')).toEqual([
        { value: 'before' },
      ]);
    }
    expect(events.filter((event) => event.type === 'exited')).toHaveLength(3);
    expect(events.filter((event) => event.type === 'restarted')).toHaveLength(3);
  }, 60_000);

  it('keeps trying while its port is taken, says why, and starts once the port is free', async () => {
    const events: TEmbeddedPostgresEvent[] = [];
    let squatter: net.Server | null = null;
    let onSquatting: () => void = () => {};
    const squatting = new Promise<void>((resolve) => {
      onSquatting = resolve;
    });
    const { embedded, port } = await throwawayCluster({
      isSupervised: true,
      onEvent: (event) => {
        events.push(event);
        // Taken before the first restart, 0.2 s after the exit.
        if (event.type === 'exited') squatter = net.createServer().listen(port, '127.0.0.1', onSquatting);
      },
    });
    process.kill(embedded.pid()!, 'SIGINT');
    await squatting;
    await expect
      .poll(() => events.filter((event) => event.type === 'restart-failed').length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    const failed = events.find((event) => event.type === 'restart-failed');
    expect(failed?.type === 'restart-failed' && String(failed.error)).toMatch(
      /exited while starting: .*FATAL: +could not create any TCP\/IP sockets/,
    );
    await new Promise<void>((resolve) => squatter!.close(() => resolve()));
    await expect.poll(() => answers(embedded.adminUrl), { timeout: 15_000, interval: 200 }).toBe(true);
    expect(events.at(-1)?.type).toBe('restarted');
  }, 60_000);

  it('refuses a second start on a folder whose PostgreSQL still runs, naming its process, and keeps it serving', async () => {
    const { embedded } = await throwawayCluster({ isSupervised: false });
    const dataDir = path.join(folders.at(-1)!, 'data');
    await expect(
      startEmbeddedPostgres({ dataDir, port: await findFreePort(), isEphemeral: true, isSupervised: false }),
    ).rejects.toThrow(`PostgreSQL already runs on ${dataDir} (process ${embedded.pid()})`);
    expect(await answers(embedded.adminUrl)).toBe(true);
  });

  it('leaves PostgreSQL stopped after stop(), and does not start it again', async () => {
    const events: TEmbeddedPostgresEvent[] = [];
    const { embedded } = await throwawayCluster({ isSupervised: true, events });
    await embedded.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(embedded.pid()).toBeNull();
    expect(await answers(embedded.adminUrl)).toBe(false);
    expect(events).toEqual([]);
  });
});

describe('stopping an embedded PostgreSQL', () => {
  it('returns at once when PostgreSQL has already exited, instead of hanging the shutdown', async () => {
    const { embedded } = await throwawayCluster({ isSupervised: false });
    const pid = embedded.pid()!;
    process.kill(pid, 'SIGINT');
    await expect.poll(() => embedded.pid(), { timeout: 10_000 }).toBeNull();
    const stopped = await Promise.race([
      embedded.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
    ]);
    expect(stopped).toBe('stopped');
  });
});
