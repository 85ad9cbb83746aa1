import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeIndexSearch, makeOffer } from '../../../test/factories';
import { useTemporaryFolder, useTestDatabase } from '../../../test/lifecycle';
import { insertOffers } from '../../catalogue/load-offers';
import { countIndexSegments } from './merge-index-segments';
import type { TIndexSearch } from './search-index';
import { SqliteSearchIndex } from './sqlite-search-index';

const database = useTestDatabase();
const folder = useTemporaryFolder('dsm-index-merge-test-');

const search = (terms: string[]): TIndexSearch => makeIndexSearch(terms, 100);

/**
 * The segments and bytes of the index's word lists in its file, and the text writes it counts towards the next merge.
 */
function readLists(): { segments: number; bytes: number; unmerged: number } {
  const name = readFileSync(path.join(folder.path, 'CURRENT'), 'utf8').trim();
  const db = new Database(path.join(folder.path, name), { readonly: true, fileMustExist: true });
  try {
    const bytes = db.prepare('select sum(length(block)) from docs_fts_data').pluck().get() as number;
    const unmerged = db.prepare("select value from meta where key = 'unmerged_changes'").pluck().get() as string;
    return { segments: countIndexSegments(db), bytes, unmerged: Number(unmerged ?? 0) };
  } finally {
    db.close();
  }
}

const OFFERS = 40;

beforeAll(async () => {
  await insertOffers(
    database.db,
    Array.from({ length: OFFERS }, (_, i) => makeOffer({ title: `Reservoir gauge ${i} round0` })),
  );
});

/** Renames every offer `rounds` times (its last word `${tag}1`, `${tag}2`, ...), each round a batch of changes. */
async function renameOffers(index: SqliteSearchIndex, tag: string, rounds: number): Promise<void> {
  for (let round = 1; round <= rounds; round++) {
    await sql`update offers set title = regexp_replace(title, '[a-z]+[0-9]+$', ${`${tag}${round}`})
      where title like 'Reservoir gauge %'`.execute(database.db);
    await index.refresh();
  }
}

/**
 * Renames the offers round after round until the lists lie in more than one segment: FTS5's own merging compacts a
 * small index now and then (every few rounds here), a large one's lists stay fragmented.
 */
async function fragment(index: SqliteSearchIndex, tag: string): Promise<number> {
  for (let round = 1; round <= 12; round++) {
    await sql`update offers set title = regexp_replace(title, '[a-z]+[0-9]+$', ${`${tag}${round}`})
      where title like 'Reservoir gauge %'`.execute(database.db);
    await index.refresh();
    if (round >= 3 && readLists().segments > 1) return round;
  }
  throw new Error('the lists stayed in one segment');
}

describe("merging the search index's word lists", () => {
  it.each([
    { workers: 0, tag: 'alpha', writer: 'on the calling thread' },
    { workers: 1, tag: 'beta', writer: 'on a thread of its own' },
  ])(
    'merges the lists a harvest fragmented once its changes settle, answering the same ($writer)',
    async ({ workers, tag }) => {
      const logged: string[] = [];
      const index = await SqliteSearchIndex.open({
        dir: folder.path,
        database,
        workers,
        pollMs: 60_000,
        warmSeconds: 0,
        mergeAfterChanges: 3 * OFFERS,
        settleSeconds: 0,
        log: (line) => logged.push(line),
      });
      try {
        const rounds = await fragment(index, tag);
        const fragmented = readLists();
        // Each round 40 renames: a removal and an addition each.
        expect(fragmented.unmerged).toBeGreaterThanOrEqual(rounds * 2 * OFFERS);
        const before = await index.search(search(['reservoir', `${tag}${rounds}`]));
        expect(before.total).toBe(OFFERS);

        await index.mergeWhenSettled();

        const merged = readLists();
        expect(merged.unmerged).toBe(0);
        expect(merged.segments).toBe(1);
        expect(merged.bytes).toBeLessThan(fragmented.bytes);
        expect(logged.some((line) => /merged its lists after \d+ changes/.test(line))).toBe(true);
        const after = await index.search(search(['reservoir', `${tag}${rounds}`]));
        expect(after.total).toBe(OFFERS);
        expect([...after.offerIds].sort()).toEqual([...before.offerIds].sort());
        // The names the offers had before are gone from the merged lists as they were before the merge.
        expect((await index.search({ ...search([`${tag}${rounds - 1}`]), exact: true })).total).toBe(0);

        // Changes after the merge are found as before, and counted towards the next one.
        await renameOffers(index, `${tag}x`, 1);
        expect((await index.search(search(['reservoir', `${tag}x1`]))).total).toBe(OFFERS);
        expect(readLists().unmerged).toBe(2 * OFFERS);
      } finally {
        await index.close();
      }
    },
    120_000,
  );

  it('merges on its own once no change has come for the settle time', async () => {
    const index = await SqliteSearchIndex.open({
      dir: folder.path,
      database,
      workers: 0,
      pollMs: 50,
      mergeAfterChanges: 3 * OFFERS,
      settleSeconds: 0.5,
    });
    try {
      await fragment(index, 'epsilon');
      const fragmented = readLists();
      const deadline = Date.now() + 15_000;
      while (readLists().unmerged !== 0) {
        if (Date.now() > deadline) throw new Error('the lists were not merged in time');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(readLists().segments).toBe(1);
      expect(readLists().bytes).toBeLessThan(fragmented.bytes);
    } finally {
      await index.close();
    }
  }, 120_000);

  it.each([
    { reason: 'fewer changes than the threshold came', mergeAfterChanges: 1_000, settleSeconds: 0, tag: 'gamma' },
    { reason: 'the changes have not settled yet', mergeAfterChanges: 1, settleSeconds: 3_600, tag: 'delta' },
  ])(
    'leaves the lists alone while $reason',
    async ({ mergeAfterChanges, settleSeconds, tag }) => {
      const index = await SqliteSearchIndex.open({
        dir: folder.path,
        database,
        workers: 0,
        pollMs: 60_000,
        mergeAfterChanges,
        settleSeconds,
      });
      try {
        await renameOffers(index, tag, 2);
        const fragmented = readLists();
        await index.mergeWhenSettled();
        expect(readLists()).toEqual(fragmented);
      } finally {
        await index.close();
      }
    },
    120_000,
  );
});
