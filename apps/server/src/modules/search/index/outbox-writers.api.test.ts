import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { THarvestRunResponse, THarvestSource, TOfferInputBody } from '@dsm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type TSignedIn } from '../../../test/auth';
import { makeOfferInput } from '../../../test/factories';
import { searchAs } from '../../../test/search';
import { request, startTestApp, type TTestApp } from '../../../test/test-app';
import { createTestDatabase, type TTestDatabase } from '../../../test/test-database';
import { seedLicences } from '../../catalogue/licence-catalogue';
import { SqliteSearchIndex } from './sqlite-search-index';

// Every writer of offers, datasets and distributions gets its change into the search index: the harvest,
// which queues its offers itself (the outbox triggers stand aside for its transactions), and every other
// writer, queued by the triggers, also on a pooled connection a harvest batch used before.

let database: TTestDatabase;
let index: SqliteSearchIndex;
let testApp: TTestApp;
let operator: TSignedIn;
let supplier: TSignedIn;
let folder: string;
let indexDir: string;

type TFound = { ids: string[]; titles: string[] };

/** What a caller's search finds for a word, optionally only offers with one of these distribution formats. */
async function search(word: string, formats: string[] = []): Promise<TFound> {
  const response = await searchAs(testApp, supplier, { query: word, pageSize: 100, filter: { formats } });
  expect(response.status).toBe(200);
  return {
    ids: response.body.data.map((offer) => offer['@id']),
    titles: response.body.data.map((offer) => offer.title),
  };
}

const ckan = (id: string, title: string, format = 'CSV', extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  title,
  notes: `About ${title}`,
  license_id: 'cc-by',
  organization: { id: 'org-outbox', title: 'Outbox Org' },
  resources: [{ name: 'Data', format, url: `https://data.example.org/${id}` }],
  ...extra,
});

const jsonl = (records: unknown[]): string => records.map((record) => JSON.stringify(record)).join('\n');

async function addSource(name: string, file: string): Promise<string> {
  const added = await request<THarvestSource>(
    testApp.baseUrl,
    'POST',
    '/api/harvest/sources',
    { name, location: file, format: 'ckan-jsonl' },
    operator.headers,
  );
  expect(added.status).toBe(201);
  return added.body.id;
}

async function harvest(sourceId: string): Promise<THarvestRunResponse> {
  const run = await request<THarvestRunResponse>(
    testApp.baseUrl,
    'POST',
    `/api/harvest/sources/${sourceId}/run`,
    undefined,
    operator.headers,
  );
  expect(run.status).toBe(200);
  return run.body;
}

async function offerIdOf(sourceId: string, identifier: string): Promise<string> {
  const row = await database.db
    .selectFrom('harvest_records')
    .select('offer_id')
    .where('source_id', '=', sourceId)
    .where('identifier', '=', identifier)
    .executeTakeFirstOrThrow();
  return row.offer_id;
}

type TEndpointFormat = TOfferInputBody['endpoints'][number]['format'];

/** A wizard offer with one endpoint of this format. */
const wizardOffer = (title: string, format: TEndpointFormat): TOfferInputBody =>
  makeOfferInput(title, {
    pricingOption: 'FREE',
    generalInfo: { description: 'Counts of every sighting, by month.', keywords: 'wildlife' },
    endpoints: [
      {
        mimeType: 'application/octet-stream',
        format,
        endpointTitle: 'Sightings',
        endpointDescription: 'All of them.',
        accessUrl: 'https://data.example.org/sightings',
      },
    ],
    licensingInfo: { paymentType: 'FREE_OF_CHARGE', price: 0, priceUnit: '' },
  });

beforeAll(async () => {
  database = await createTestDatabase();
  folder = mkdtempSync(path.join(os.tmpdir(), 'dsm-outbox-writers-'));
  indexDir = mkdtempSync(path.join(os.tmpdir(), 'dsm-outbox-writers-index-'));
  // As the server runs it: searches never wait; changing requests catch up; the poll is far away.
  index = await SqliteSearchIndex.open({ dir: indexDir, database, workers: 0, pollMs: 3_600_000 });
  testApp = await startTestApp({ HARVEST_FILE_DIR: folder }, { database, searchIndex: index });
  await seedLicences(database.db);
  operator = await signIn(testApp, { roles: [testApp.config.userRole, 'DSM_OPERATOR'] });
  supplier = await signIn(testApp, { email: 'outbox-supplier@example.org', name: 'Outbox Supplier' });
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await index?.close();
  await database?.drop();
  rmSync(folder, { recursive: true, force: true });
  rmSync(indexDir, { recursive: true, force: true });
});

describe('every writer queues its offers for the search index', () => {
  it('finds harvested records, and a re-run that changed only a distribution, after the run', async () => {
    const file = path.join(folder, 'portal.jsonl');
    await writeFile(file, jsonl([ckan('narwhal', 'Narwhal tusk lengths'), ckan('walrus', 'Walrus haul-outs')]));
    const sourceId = await addSource('outbox-portal', file);
    expect((await harvest(sourceId)).counts).toMatchObject({ created: 2 });
    const narwhal = await offerIdOf(sourceId, 'narwhal');
    expect((await search('narwhal')).ids).toEqual([narwhal]);
    expect((await search('narwhal', ['CSV'])).ids).toEqual([narwhal]);

    // Only the distribution's format changed: the offer's own columns are as they were.
    await writeFile(
      file,
      jsonl([ckan('narwhal', 'Narwhal tusk lengths', 'JSON'), ckan('walrus', 'Walrus haul-outs, 2025')]),
    );
    expect((await harvest(sourceId)).counts).toMatchObject({ updated: 2 });
    expect((await search('narwhal', ['JSON'])).ids).toEqual([narwhal]);
    expect((await search('narwhal', ['CSV'])).ids).toEqual([]);
    expect((await search('walrus')).titles).toEqual(['Walrus haul-outs, 2025']);

    // Gone from the source: soft-deleted by the run, out of search.
    await writeFile(file, jsonl([ckan('walrus', 'Walrus haul-outs, 2025')]));
    expect((await harvest(sourceId)).counts).toMatchObject({ removed: 1, unchanged: 1 });
    expect((await search('narwhal')).ids).toEqual([]);

    // Removing the source takes its offers out of search.
    const removed = await request(testApp.baseUrl, 'DELETE', `/api/harvest/sources/${sourceId}`, undefined, {
      ...operator.headers,
    });
    expect(removed.status).toBe(204);
    expect((await search('walrus')).ids).toEqual([]);
  });

  it('finds the records of a batch written record by record, when the database refused one of them', async () => {
    const file = path.join(folder, 'refused.jsonl');
    // A price beyond the column's numeric(14, 2): the batch is written again record by record.
    const tooDear = { payment_model: 'PAY_PER_USE_DOWNLOAD', price: '1e13' };
    await writeFile(
      file,
      jsonl([
        ckan('okapi', 'Okapi footprints'),
        ckan('dear', 'Dear okapi', 'CSV', tooDear),
        ckan('kiwi', 'Kiwi calls'),
      ]),
    );
    const sourceId = await addSource('outbox-refused', file);
    expect((await harvest(sourceId)).counts).toMatchObject({ created: 2, failed: 1 });
    expect((await search('okapi')).titles).toEqual(['Okapi footprints']);
    expect((await search('kiwi')).titles).toEqual(['Kiwi calls']);
  });

  it('finds datasets and distributions changed outside a harvest on connections a harvest used', async () => {
    const file = path.join(folder, 'pooled.jsonl');
    const ids = ['ibis', 'heron', 'crane', 'egret', 'stork', 'plover'];
    await writeFile(file, jsonl(ids.map((id) => ckan(id, `Pooled ${id} counts`))));
    const sourceId = await addSource('outbox-pooled', file);
    await harvest(sourceId);
    const offerIds = await Promise.all(ids.map((id) => offerIdOf(sourceId, id)));
    expect((await search('pooled', ['XML'])).ids).toEqual([]);

    // At once, so the changes run on several of the pool's connections, each of which may have written a batch.
    await Promise.all(
      offerIds.map((offerId) =>
        database.db.transaction().execute(async (trx) => {
          await sql`update distributions set format = 'XML'
            where dataset_id in (select id from datasets where offer_id = ${offerId})`.execute(trx);
        }),
      ),
    );
    await index.refresh();
    expect((await search('pooled', ['XML'])).ids.sort()).toEqual([...offerIds].sort());

    // An offer deleted outright leaves search.
    await sql`delete from offers where id = ${offerIds[0]}`.execute(database.db);
    await index.refresh();
    expect((await search('pooled', ['XML'])).ids).toHaveLength(offerIds.length - 1);
    expect((await search('ibis')).ids).toEqual([]);
  });

  it('finds an offer edited in the wizard by its new distribution format, and loses it when unpublished', async () => {
    const created = await request<{ '@id': string }>(
      testApp.baseUrl,
      'POST',
      '/api/offers',
      wizardOffer('Pangolin sightings', 'csv'),
      supplier.headers,
    );
    expect(created.status).toBe(201);
    const id = created.body['@id'];
    const formatsBefore = await facetFormats('pangolin');
    expect((await search('pangolin')).ids).toEqual([id]);

    const edited = await request<{ state: string }>(
      testApp.baseUrl,
      'PUT',
      `/api/offers/${id}`,
      wizardOffer('Pangolin sightings', 'json'),
      supplier.headers,
    );
    expect(edited.body).toMatchObject({ state: 'PUBLISHED' });
    const formatsAfter = await facetFormats('pangolin');
    expect(formatsAfter).not.toEqual(formatsBefore);
    expect((await search('pangolin', formatsAfter)).ids).toEqual([id]);
    expect((await search('pangolin', formatsBefore)).ids).toEqual([]);

    const unpublished = await request(testApp.baseUrl, 'DELETE', `/api/offers/${id}`, undefined, supplier.headers);
    expect(unpublished.status).toBe(200);
    expect((await search('pangolin')).ids).toEqual([]);
  });
});

/** The format facet's values for a word's matches. */
async function facetFormats(word: string): Promise<string[]> {
  const response = await searchAs(testApp, supplier, { query: word });
  return response.body.facets.formats.map((facet) => facet.value);
}
