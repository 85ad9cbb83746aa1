import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeIndexSearch, makeOffer } from '../../../test/factories';
import { useTemporaryFolder, useTestDatabase } from '../../../test/lifecycle';
import { insertOffers } from '../../catalogue/load-offers';
import { renewSearchGeneration } from './renew-search-generation';
import type { TIndexSearch } from './search-index';
import { indexOwner, SqliteSearchIndex } from './sqlite-search-index';

const database = useTestDatabase();
const folder = useTemporaryFolder('dsm-index-test-');

const search = (terms: string[]): TIndexSearch => makeIndexSearch(terms);
const current = () => readFileSync(path.join(folder.path, 'CURRENT'), 'utf8').trim();

async function until(condition: () => Promise<boolean> | boolean, limitMs = 15_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  await insertOffers(database.db, [makeOffer({ title: 'Groundwater levels' }), makeOffer({ title: 'Bicycle counts' })]);
});

describe('the SQLite search index', () => {
  it('is built from the catalogue when opened the first time, and reused when opened again', async () => {
    const first = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 0 });
    const built = current();
    expect((await first.search(search(['groundwater']))).total).toBe(1);
    expect(indexOwner(folder.path)).toBeNull();
    await first.close();
    const again = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 0 });
    expect(current()).toBe(built);
    expect((await again.search(search(['bicycle']))).total).toBe(1);
    await again.close();
  });

  it('answers the searches asked most before a restart at once after it (their answers kept, Server-Timing engine-cached)', async () => {
    const first = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 1 });
    await first.search(search(['groundwater']));
    expect((await first.search(search(['groundwater']))).stages).toHaveProperty('cached');
    await first.close();
    const again = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 1 });
    try {
      // The first search after the restart: the thread ran it before answering anything.
      expect((await again.search(search(['groundwater']))).stages).toHaveProperty('cached');
      // One never asked before is searched afresh.
      expect((await again.search(search(['counts']))).stages).not.toHaveProperty('cached');
    } finally {
      await again.close();
    }
  }, 120_000);

  it('warms every search thread before it answers: the file read ahead, the facets and the searches asked most', async () => {
    const first = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 2 });
    await first.search(search(['groundwater']));
    await first.search(search(['bicycle']));
    await first.close();
    const file = path.join(folder.path, current());
    const again = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 2 });
    try {
      const threads = again.warmStart?.threads ?? [];
      expect(threads).toHaveLength(2);
      // The two threads read the file between them, and each ran every saved search within the budget.
      expect(threads.reduce((total, thread) => total + thread.bytesRead, 0)).toBeGreaterThanOrEqual(
        statSync(file).size,
      );
      for (const thread of threads) {
        expect(thread.searchesRun).toBeGreaterThanOrEqual(2);
        expect(thread).toMatchObject({ searchesLeft: 0, isCutShort: false });
      }
      // Whichever thread answers, the first searches after the start are answered from what the warm start kept.
      const answers = await Promise.all(
        ['groundwater', 'bicycle', 'groundwater', 'bicycle'].map((word) => again.search(search([word]))),
      );
      for (const answer of answers) expect(answer.stages).toHaveProperty('cached');
    } finally {
      await again.close();
    }
    // Without a warm start budget it answers at once and warms while answering.
    const quick = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 2, warmSeconds: 0 });
    try {
      expect(quick.warmStart).toBeNull();
      expect((await quick.search(search(['bicycle']))).total).toBe(1);
    } finally {
      await quick.close();
    }
  }, 120_000);

  it('applies changes queued while it was closed when opened again', async () => {
    await insertOffers(database.db, [makeOffer({ title: 'Tram timetables' })]);
    const index = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 0 });
    expect((await index.search(search(['tram']))).total).toBe(1);
    await index.close();
  });

  it('is built again, answering meanwhile, when the catalogue gets a new generation', async () => {
    const index = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 0, pollMs: 50 });
    const before = current();
    await renewSearchGeneration(database.db);
    await until(() => current() !== before);
    await insertOffers(database.db, [makeOffer({ title: 'Ferry routes' })]);
    // Changes wait while the new file is being switched to, then follow.
    await until(async () => {
      await index.refresh();
      return (await index.search(search(['ferry']))).total === 1;
    });
    expect((await index.search(search(['groundwater']))).total).toBe(1);
    await index.close();
  });

  it('finds a change at once while an older transaction still runs, and keeps its outbox row until that one ends', async () => {
    const index = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 0 });
    const older = await database.pool.connect();
    try {
      // A transaction that has written (it holds an xid) and stays open, as a long harvest batch would.
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      await insertOffers(database.db, [makeOffer({ title: 'Lighthouse positions' })]);
      await index.refresh();
      expect((await index.search(search(['lighthouse']))).total).toBe(1);
      // The cursor cannot pass a row above the open transaction: the row waits, and is not applied twice.
      const queued = async () => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from search_outbox o join offers f on f.id = o.offer_id
          where f.title = 'Lighthouse positions'`.execute(database.db);
        return rows[0]?.n ?? 0;
      };
      expect(await queued()).toBeGreaterThan(0);
      await older.query('rollback');
      await until(async () => {
        await index.refresh();
        return (await queued()) === 0;
      });
      expect((await index.search(search(['lighthouse']))).total).toBe(1);
    } finally {
      await older.query('rollback');
      older.release();
      await index.close();
    }
  });

  it('searches and writes on threads of its own, and leaves no queued change behind', async () => {
    const index = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 2, pollMs: 50 });
    try {
      await insertOffers(database.db, [makeOffer({ title: 'Harbour cranes' })]);
      await until(async () => (await index.search(search(['harbour']))).total === 1);
      const results = await Promise.all(
        ['groundwater', 'bicycle', 'tram', 'ferry', 'harbour'].map((word) => index.search(search([word]))),
      );
      expect(results.map((result) => result.total)).toEqual([1, 1, 1, 1, 1]);
      // Deleted once the oldest transaction still running (on any database of the server) is past them.
      await until(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from search_outbox`.execute(database.db);
        return rows[0]?.n === 0;
      });
      // A search thread that dies is replaced: searches go on.
      const threads = (index as unknown as { workers: { clients: { worker: { terminate(): Promise<number> } }[] } })
        .workers.clients;
      await Promise.all(threads.map((client) => client.worker.terminate()));
      await until(async () => {
        try {
          // Not asked before: a kept answer would need no thread.
          return (await index.search({ ...search(['tram']), limit: 5 })).total === 1;
        } catch {
          return false;
        }
      });
    } finally {
      await index.close();
    }
  }, 60_000);

  it('answers more searches at once than it has threads, each its own, and forgets kept answers when the catalogue changes', async () => {
    const index = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 2, pollMs: 50 });
    try {
      const words = ['groundwater', 'bicycle', 'levels', 'counts', 'nothing'];
      const asked = words.flatMap((word) => [1, 2, 3].map((limit) => ({ ...search([word]), limit })));
      const answers = await Promise.all(asked.map((one) => index.search(one)));
      expect(answers.map((answer) => answer.total)).toEqual(
        words.flatMap((word) => Array(3).fill(word === 'nothing' ? 0 : 1)),
      );
      // Asked again: answered from what was kept.
      expect((await index.search({ ...search(['bicycle']), limit: 2 })).stages).toHaveProperty('cached');
      expect((await index.search(search(['groundwater']))).total).toBe(1);
      await insertOffers(database.db, [makeOffer({ title: 'Groundwater quality' })]);
      await until(async () => (await index.search(search(['groundwater']))).total === 2);
      const again = await index.search(search(['groundwater']));
      expect(again.total).toBe(2);
    } finally {
      await index.close();
    }
  }, 60_000);

  it('keeps, when offers are added, the answers of searches they do not match, and forgets the rest', async () => {
    const index = await SqliteSearchIndex.open({ dir: folder.path, database, workers: 2, pollMs: 60_000 });
    const cached = async (terms: string[]) => {
      const answer = await index.search(search(terms));
      return { total: answer.total, isKept: answer.stages !== undefined && 'cached' in answer.stages };
    };
    try {
      await index.refresh();
      const before = {
        bicycle: await cached(['bicycle']),
        groundwater: await cached(['groundwater']),
        excluded: await cached(['groundwater', '-quality', '-temperature']),
        both: await cached(['bicycle', 'lanes']),
        typo: await cached(['bicycel']),
      };
      expect(before.both.total).toBeGreaterThan(0);
      // An added offer with 'groundwater' and 'lanes' among its words, and none of 'bicycle'.
      await insertOffers(database.db, [makeOffer({ title: 'Groundwater wells along tram lanes' })]);
      await index.refresh();
      // Untouched: answered as kept, without a search thread.
      expect(await cached(['bicycle'])).toEqual({ total: before.bicycle.total, isKept: true });
      // Matched by the new offer: asked again, and it is found.
      expect(await cached(['groundwater'])).toEqual({ total: before.groundwater.total + 1, isKept: false });
      expect(await cached(['groundwater', '-quality', '-temperature'])).toEqual({
        total: before.excluded.total + 1,
        isKept: false,
      });
      // Found with some of its words only ('bicycle' and 'lanes' together in no offer): one more word matches now.
      expect((await cached(['bicycle', 'lanes'])).isKept).toBe(false);
      // Corrected for a typo: the vocabulary changed with the offer, so it is asked again.
      expect((await cached(['bicycel'])).isKept).toBe(false);
      // An offer the index held changed: every answer is asked again.
      await sql`update offers set title = 'Bicycle counts per hour' where title = 'Bicycle counts'`.execute(
        database.db,
      );
      await index.refresh();
      expect(await cached(['groundwater'])).toEqual({ total: before.groundwater.total + 1, isKept: false });
    } finally {
      await index.close();
    }
  }, 60_000);
});
