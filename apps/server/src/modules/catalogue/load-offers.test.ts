import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOffer } from '../../test/factories';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { JUDGED_OFFERS } from '../search/evaluation/judged-corpus';
import { generateOffers } from './generate-offers';
import { arrayLiteral, copyField, insertOffer, insertOffers, loadOffers, replaceOffers } from './load-offers';
import type { TOfferRecord } from './offer-record';

let database: TTestDatabase;
const generated = [...generateOffers({ count: 2000, seed: 3 })];
const records = [...JUDGED_OFFERS, ...generated];

/** Text that breaks a naive COPY or array literal: separators, escapes, quotes, braces and non-ASCII. */
const NASTY = 'Tab\there, line\nbreak, cr\r, back\\slash, \\N, "double" \'single\' {brace}, NULL, ä ö ü ß é ł 🚀 €';

function nastyOffer(id: string): TOfferRecord {
  const offer = makeOffer({
    id,
    title: `Title: ${NASTY}`,
    description: `${NASTY}\n\nSecond paragraph.\\`,
    keywords: ['a,b', 'with "quote"', 'back\\slash', 'tab\t', '{brace}', 'NULL', '', ' spaced ', 'Köln'],
    categories: ['OTHERS', 'TRANSPORT'],
    licence: `Licence\t${NASTY}`,
    byteSizes: [5, null, 7],
    termsOfUse: NASTY,
  });
  const dataset = offer.datasets[0]!;
  dataset.publisher = {
    id: 'https://dsm.example/agents/org/nasty\tpublisher',
    type: 'foaf:Organization',
    name: `Org ${NASTY}`,
    email: null,
  };
  dataset.themes = ['OTHERS', 'a "theme", with {braces}'];
  dataset.distributions[0]!.title = NASTY;
  return offer;
}

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

describe('COPY text encoding', () => {
  it('quotes every array element and escapes COPY specials', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['a', 'b c', 'NULL', ''])).toBe('{"a","b c","NULL",""}');
    expect(arrayLiteral(['say "hi"', 'a\\b'])).toBe('{"say \\"hi\\"","a\\\\b"}');
    expect(copyField(null)).toBe('\\N');
    expect(copyField('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
    expect(copyField(['x\ty'])).toBe('{"x\\ty"}');
    expect(copyField(true)).toBe('t');
    expect(copyField(new Date('2020-01-02T03:04:05Z'))).toBe('2020-01-02T03:04:05.000Z');
    expect(() => copyField(Number.NaN)).toThrow();
  });
});

describe('loadOffers', () => {
  let progress: number[];

  beforeAll(async () => {
    progress = [];
    const result = await loadOffers({
      pool: database.pool,
      records,
      batchSize: 500,
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(result.offers).toBe(records.length);
  }, 120_000);

  it('loads every offer, dataset and distribution and reports progress per batch', async () => {
    const count = async (table: 'offers' | 'datasets' | 'distributions') =>
      Number((await database.pool.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
    expect(await count('offers')).toBe(records.length);
    expect(await count('datasets')).toBe(records.reduce((sum, record) => sum + record.datasets.length, 0));
    expect(await count('distributions')).toBe(
      records.reduce((sum, r) => sum + r.datasets.reduce((n, d) => n + d.distributions.length, 0), 0),
    );
    expect(progress.at(-1)).toBe(records.length);
    expect(progress).toHaveLength(Math.ceil(records.length / 500));
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('stores each agent once however many datasets name it', async () => {
    const ids = new Set<string>();
    for (const record of records) {
      for (const dataset of record.datasets) {
        ids.add(dataset.publisher.id);
        if (dataset.creator) ids.add(dataset.creator.id);
        if (dataset.custodian) ids.add(dataset.custodian.id);
      }
    }
    const { rows } = await database.pool.query<{ n: string }>('select count(*) as n from agents');
    expect(Number(rows[0]!.n)).toBe(ids.size);
    const person = generated.flatMap((r) => r.datasets).find((d) => d.creator)!.creator!;
    const stored = await database.db
      .selectFrom('agents')
      .selectAll()
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ type: 'foaf:Person', first_name: person.firstName, last_name: person.lastName });
  });

  it('derives total bytes, modified and publisher from the datasets', async () => {
    const rows = await database.db
      .selectFrom('offers')
      .select(['id', 'total_bytes', 'modified', 'publisher_id'])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    let withNullTotal = 0;
    for (const record of records) {
      const sizes = record.datasets.flatMap((d) => d.distributions.map((x) => x.byteSize)).filter((s) => s !== null);
      const row = byId.get(record.id)!;
      const expected = sizes.length === 0 ? null : String(sizes.reduce((a, b) => a + b, 0));
      if (expected === null) withNullTotal++;
      expect(row.total_bytes, record.id).toBe(expected);
      const latest = Math.max(...record.datasets.map((d) => d.modified!.getTime()));
      expect(row.modified?.getTime()).toBe(latest);
      expect(row.publisher_id).toBe(record.datasets[0]!.publisher.id);
    }
    expect(withNullTotal).toBeGreaterThan(0);
  });

  it('keeps arrays, numbers and dates exactly', async () => {
    const sample = generated.filter((record) => record.paymentModel !== 'FREE_OF_CHARGE').slice(0, 50);
    const rows = await database.db
      .selectFrom('offers')
      .select(['id', 'keywords', 'categories', 'price', 'is_sellable', 'language', 'title'])
      .where(
        'id',
        'in',
        sample.map((record) => record.id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const record of sample) {
      const row = byId.get(record.id)!;
      expect(row.keywords).toEqual(record.keywords);
      expect(row.categories).toEqual(record.categories);
      expect(Number(row.price)).toBe(record.price);
      expect(row.is_sellable).toBe(record.isSellable);
      expect(row.title).toBe(record.title);
    }
  });

  it('loads nothing of a batch that fails and reports the error', async () => {
    const duplicate = { ...generated[0]!, datasets: [] };
    await expect(loadOffers({ pool: database.pool, records: [makeOffer(), duplicate] })).rejects.toThrow(
      /duplicate key/,
    );
    const { rows } = await database.pool.query<{ n: string }>('select count(*) as n from offers');
    expect(Number(rows[0]!.n)).toBe(records.length);
  });
});

describe('special characters', () => {
  const copied = nastyOffer('00000000-0000-4000-8000-00000000c0b1');
  const inserted = nastyOffer('00000000-0000-4000-8000-00000000c0b2');

  beforeAll(async () => {
    await loadOffers({ pool: database.pool, records: [copied] });
    await insertOffer(database.db, inserted);
  });

  it('round-trip through COPY exactly', async () => {
    const offer = await database.db
      .selectFrom('offers')
      .selectAll()
      .where('id', '=', copied.id)
      .executeTakeFirstOrThrow();
    expect(offer.title).toBe(copied.title);
    expect(offer.description).toBe(copied.description);
    expect(offer.keywords).toEqual(copied.keywords);
    expect(offer.categories).toEqual(copied.categories);
    expect(offer.terms_of_use).toBe(NASTY);
    expect(offer.total_bytes).toBe('12');
    const dataset = await database.db
      .selectFrom('datasets')
      .selectAll()
      .where('offer_id', '=', copied.id)
      .executeTakeFirstOrThrow();
    expect(dataset.themes).toEqual(copied.datasets[0]!.themes);
    expect(dataset.publisher_id).toBe(copied.datasets[0]!.publisher.id);
    const agent = await database.db
      .selectFrom('agents')
      .selectAll()
      .where('id', '=', dataset.publisher_id)
      .executeTakeFirstOrThrow();
    expect(agent.name).toBe(`Org ${NASTY}`);
    const files = await database.db
      .selectFrom('distributions')
      .selectAll()
      .where('dataset_id', '=', dataset.id)
      .orderBy('position')
      .execute();
    expect(files.map((file) => file.title)).toEqual(copied.datasets[0]!.distributions.map((d) => d.title));
    expect(files.map((file) => file.licence)).toEqual(copied.datasets[0]!.distributions.map((d) => d.licence));
    expect(files.map((file) => file.byte_size)).toEqual(['5', null, '7']);
  });

  it('store the same columns through insertOffer as through COPY', async () => {
    const read = async (id: string) => {
      const {
        id: _id,
        created_at: _created,
        updated_at: _updated,
        ...offer
      } = await database.db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const datasets = await database.db
        .selectFrom('datasets')
        .select(['position', 'issued', 'modified', 'publisher_id', 'creator_id', 'custodian_id', 'themes'])
        .where('offer_id', '=', id)
        .execute();
      const files = await database.db
        .selectFrom('distributions')
        .innerJoin('datasets', 'datasets.id', 'distributions.dataset_id')
        .select(['distributions.position', 'title', 'media_type', 'format', 'licence', 'byte_size'])
        .where('datasets.offer_id', '=', id)
        .orderBy('distributions.position')
        .execute();
      return { offer, datasets, files };
    };
    const viaCopy = await read(copied.id);
    const viaInsert = await read(inserted.id);
    expect(viaInsert).toEqual(viaCopy);
    expect(viaInsert.offer.publisher_id).toBe('https://dsm.example/agents/org/nasty\tpublisher');
  });
});

describe('insertOffers and replaceOffers', () => {
  const count = async (ids: string[]) =>
    Number(
      (await database.pool.query<{ n: string }>('select count(*) as n from offers where id = any($1)', [ids])).rows[0]!
        .n,
    );

  it("write every offer of a batch larger than one statement carries, or none of it, in the caller's transaction", async () => {
    // About 3 KB of JSON an offer: 300 of them take several statements.
    const batch = Array.from({ length: 300 }, (_, i) =>
      makeOffer({ title: `Long offer ${i}`, description: `${'Lorem ipsum dolor sit amet. '.repeat(110)}${i}` }),
    );
    const ids = batch.map((offer) => offer.id);
    await database.db.transaction().execute((trx) => insertOffers(trx, batch));
    expect(await count(ids)).toBe(300);

    await database.db.transaction().execute((trx) =>
      replaceOffers(
        trx,
        batch.map((offer) => ({ ...offer, description: `Replaced ${offer.id} ${'x'.repeat(3_000)}` })),
      ),
    );
    const replaced = await database.pool.query<{ id: string; description: string }>(
      'select id, description from offers where id = any($1)',
      [ids],
    );
    expect(replaced.rows).toHaveLength(300);
    expect(replaced.rows.every((row) => row.description.startsWith(`Replaced ${row.id} `))).toBe(true);

    // The last offer repeats the first one's id: its statement fails after the first ones succeeded.
    const failing = Array.from({ length: 300 }, () => makeOffer({ description: 'y'.repeat(3_000) }));
    failing.push(makeOffer({ id: failing[0]!.id }));
    await expect(database.db.transaction().execute((trx) => insertOffers(trx, failing))).rejects.toThrow();
    expect(await count(failing.map((offer) => offer.id))).toBe(0);
  });
});
