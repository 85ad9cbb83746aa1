import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTemporaryFolder, useTestDatabase } from '../../test/lifecycle';
import { createLinkChecker } from '../link-checker/link-checker';
import { addSource } from './add-source';
import { emptyHarvestCounts } from './harvest-counts';
import { configureHarvestLocations } from './harvest-location-policy';
import type { THarvestPace } from './harvest-pace';
import { findLinkedRecords } from './harvest-repository';
import { runHarvest } from './run-harvest';

// Harvested as the command line does: files anywhere and the local test server's address.
configureHarvestLocations({ allowedHosts: ['127.0.0.1'], files: 'anywhere' });

const database = useTestDatabase();
const folder = useTemporaryFolder('dsm-harvest-batches-');

const line = (id: string, title: string) =>
  JSON.stringify({
    id,
    title,
    notes: `Measurements of ${title}`,
    organization: { id: 'org-batches', title: 'Batch Org' },
    resources: [{ name: 'CSV', format: 'CSV', url: `https://data.example.org/${id}.csv` }],
  });

async function titleOf(source: string, identifier: string): Promise<string> {
  const [record] = (await findLinkedRecords(database.db, identifier)).filter((row) => row.sourceName === source);
  const row = await database.db
    .selectFrom('offers')
    .select('title')
    .where('id', '=', record!.offerId)
    .executeTakeFirstOrThrow();
  return row.title;
}

async function offerCount(source: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from harvest_records r join harvest_sources s on s.id = r.source_id
    join offers o on o.id = r.offer_id where s.name = ${source} and o.state = 'ACTIVE'`.execute(database.db);
  return Number(rows[0]!.n);
}

describe('harvest runs over many batches', () => {
  it('takes a record repeated in the next batch or many batches later once, and one repeating only its identifier apart', async () => {
    const lines = Array.from({ length: 2600 }, (_, i) => line(`rec-${i}`, `Station ${i}`));
    // Batches hold 500 records: 700 and 800 are in the batch written next to the first one, 2400 and 2500 long after.
    lines[700] = line('rec-0', 'Station 0');
    lines[2400] = line('rec-1', 'Station 1');
    lines[800] = line('rec-2', 'Station 2, repeated soon');
    lines[2500] = line('rec-3', 'Station 3, repeated late');
    const file = path.join(folder.path, 'repeats.jsonl');
    await writeFile(file, lines.join('\n'));
    await addSource(database.db, { name: 'repeats', location: file, format: 'ckan-jsonl' });

    const run = await runHarvest({ db: database.db, source: 'repeats' });
    expect(run.counts).toEqual({ ...emptyHarvestCounts(), created: 2598, duplicates: 2, identifierCollisions: 2 });
    expect(await titleOf('repeats', 'rec-0')).toBe('Station 0');
    expect(await titleOf('repeats', 'rec-2')).toBe('Station 2');
    expect(await titleOf('repeats', 'rec-3')).toBe('Station 3');
    expect(await offerCount('repeats')).toBe(2598);

    const again = await runHarvest({ db: database.db, source: 'repeats' });
    expect(again.counts).toEqual({ ...emptyHarvestCounts(), unchanged: 2598, duplicates: 2, identifierCollisions: 2 });
    expect(await offerCount('repeats')).toBe(2598);
  }, 60_000);

  it('leaves the harvested links to the link checker, which queues about a thousand per sweep', async () => {
    // Never started: its sweep records and counts what it would queue.
    const checker = createLinkChecker({
      databaseUrl: database.url,
      db: database.db,
      settings: { allowedHosts: [], timeoutMs: 1000, hostIntervalMs: 1000, recheckHours: 24 },
      sweepCron: null,
    });
    const sweeps: number[] = [];
    for (let sweep = await checker.sweep(); sweep > 0; sweep = await checker.sweep()) sweeps.push(sweep);
    expect(sweeps.reduce((sum, count) => sum + count, 0)).toBe(2598);
    expect(Math.max(...sweeps)).toBeLessThanOrEqual(1000);
    expect(sweeps.length).toBe(3);
  }, 60_000);

  it('keeps every record read before the source broke off and resumes right after them', async () => {
    const lines = Array.from({ length: 1800 }, (_, i) => line(`stream-${i}`, `Gauge ${i}`));
    let breakAfter: number | null = 1234;
    const server: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      if (breakAfter === null) {
        response.end(lines.join('\n'));
        return;
      }
      // Sends the first lines, then drops the connection in the middle of the body.
      response.write(`${lines.slice(0, breakAfter).join('\n')}\n`, () => {
        setTimeout(() => response.socket?.destroy(), 50);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dump.jsonl`;
      await addSource(database.db, { name: 'stream', location: url, format: 'ckan-jsonl' });
      const broken = await runHarvest({ db: database.db, source: 'stream', retry: { retries: 0, baseDelayMs: 5 } });
      expect(broken.status).toBe('failed');
      // Two full batches and the partial third one are committed, with the counts saying so.
      expect(broken.counts).toMatchObject({ created: 1234, failed: 0, duplicates: 0, identifierCollisions: 0 });
      expect(await offerCount('stream')).toBe(1234);
      const { resume_after } = await database.db
        .selectFrom('harvest_runs')
        .select('resume_after')
        .where('id', '=', broken.runId)
        .executeTakeFirstOrThrow();
      expect(resume_after).toBe(1234);

      breakAfter = null;
      const resumed = await runHarvest({ db: database.db, source: 'stream' });
      expect(resumed).toMatchObject({ status: 'succeeded', isResumed: true, runId: broken.runId });
      expect(resumed.counts).toEqual({ ...emptyHarvestCounts(), created: 1800 });
      expect(await offerCount('stream')).toBe(1800);
    } finally {
      server.close();
    }
  }, 60_000);

  it('giving way to users, writes one batch at a time and rests after each, with the same result', async () => {
    const lines = Array.from({ length: 1300 }, (_, i) => line(`paced-${i}`, `Buoy ${i}`));
    lines[900] = line('paced-0', 'Buoy 0');
    const file = path.join(folder.path, 'paced.jsonl');
    await writeFile(file, lines.join('\n'));
    await addSource(database.db, { name: 'paced', location: file, format: 'ckan-jsonl' });
    /** What the run told the pace before each batch: how long the last committed batch took. */
    const rests: number[] = [];
    const pace: THarvestPace = {
      batchesInFlight: () => 1,
      beforeBatch: async (lastWriteMs) => void rests.push(lastWriteMs),
    };

    const run = await runHarvest({ db: database.db, source: 'paced', pace });
    expect(run.counts).toEqual({ ...emptyHarvestCounts(), created: 1299, duplicates: 1 });
    expect(await offerCount('paced')).toBe(1299);
    // Three batches of up to 500; each after the first starts once the one before it has committed.
    expect(rests).toHaveLength(3);
    expect(rests[0]).toBe(0);
    expect(rests.slice(1).every((ms) => ms > 0)).toBe(true);
  }, 60_000);
});
