import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { TOffer } from '@dsm/contracts';
import { Parser, Store, Writer } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/database';
import { signIn, type TSignedIn } from '../../test/auth';
import { startTestApp, type TTestApp } from '../../test/test-app';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { addSource } from '../harvest/add-source';
import { runHarvest } from '../harvest/run-harvest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const FIXTURES = path.resolve(repoRoot, '..', 'shared', 'fixtures', 'catalog');
const HYDRA_NEXT = 'http://www.w3.org/ns/hydra/core#next';

let testApp: TTestApp;
let copy: TTestDatabase;
let user: TSignedIn;
let folder: string;

/** Every harvested offer of a database by the identifier its source gave it, in a comparable shape. */
async function catalogueOf(db: TDb, identifierOf: (identifier: string) => string) {
  const records = await db
    .selectFrom('harvest_records')
    .select(['identifier', 'offer_id'])
    .where('removed_at', 'is', null)
    .execute();
  const offers = await loadOfferDocuments(
    db,
    records.map((record) => record.offer_id),
  );
  const byId = new Map(offers.map((offer) => [offer['@id'], offer]));
  return new Map(records.map((record) => [identifierOf(record.identifier), comparable(byId.get(record.offer_id)!)]));
}

function comparable(offer: TOffer) {
  const dataset = offer.datasets[0]!;
  return {
    title: offer.title,
    description: offer.description,
    keywords: [...offer.keywords].sort(),
    categories: [...offer.categories].sort(),
    paymentModel: offer.paymentModel,
    price: offer.price,
    issued: dataset['dcterms:issued'],
    modified: dataset['dcterms:modified'],
    publisher: dataset['dcterms:publisher']['foaf:name'],
    contact: dataset['geodcatp:custodian'] && {
      name: dataset['geodcatp:custodian']['foaf:name'],
      mbox: dataset['geodcatp:custodian']['foaf:mbox'],
    },
    distributions: dataset['dcat:distribution'].map(({ '@id': _id, ...distribution }) => distribution),
  };
}

async function get(pathAndQuery: string, accept: string) {
  const response = await fetch(`${testApp.baseUrl}${pathAndQuery}`, { headers: { ...user.headers, accept } });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describe('DCAT-AP export', () => {
  beforeAll(async () => {
    // The server reads harvest files only inside HARVEST_FILE_DIR; the test's files are in the temporary folder.
    testApp = await startTestApp({ HARVEST_FILE_DIR: os.tmpdir() });
    copy = await createTestDatabase();
    user = await signIn(testApp);
    folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-catalog-'));
    // A sample of both fixture files: enough for several pages, small enough to run in seconds.
    const depositar = gunzipSync(readFileSync(path.join(FIXTURES, 'depositar-datasets.jsonl.gz')))
      .toString('utf8')
      .split('\n')
      .slice(0, 150);
    const cdc = JSON.parse(gunzipSync(readFileSync(path.join(FIXTURES, 'cdc.gov.data.json.gz'))).toString('utf8'));
    cdc.dataset = cdc.dataset.slice(0, 150);
    await writeFile(path.join(folder, 'depositar.jsonl'), depositar.join('\n'));
    await writeFile(path.join(folder, 'cdc.json'), JSON.stringify(cdc));
    const db = testApp.database.db;
    await addSource(db, { name: 'depositar', location: path.join(folder, 'depositar.jsonl'), format: 'ckan-jsonl' });
    await addSource(db, { name: 'cdc', location: path.join(folder, 'cdc.json'), format: 'dcat-us' });
    expect((await runHarvest({ db, source: 'depositar' })).counts.created).toBe(150);
    expect((await runHarvest({ db, source: 'cdc' })).counts.created).toBe(150);
  }, 60_000);
  afterAll(async () => {
    await testApp.close();
    await copy.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it('pages the catalogue with hydra and answers JSON-LD or Turtle by the Accept header', async () => {
    const jsonLd = await get('/api/catalog?pageSize=100', 'application/ld+json');
    expect(jsonLd.status).toBe(200);
    expect(jsonLd.type).toMatch(/^application\/ld\+json/);
    const document = JSON.parse(jsonLd.text);
    expect(document['@context']).toMatchObject({
      dcat: 'http://www.w3.org/ns/dcat#',
      hydra: 'http://www.w3.org/ns/hydra/core#',
    });
    const catalog = document['@graph'].find((node: { '@type'?: unknown }) =>
      [node['@type']].flat().includes('dcat:Catalog'),
    );
    expect(catalog['hydra:totalItems']).toMatchObject({ '@value': '300' });
    expect(catalog['dcat:dataset']).toHaveLength(100);

    const turtle = await get('/api/catalog?page=3&pageSize=100', 'text/turtle, application/ld+json;q=0.5');
    expect(turtle.type).toMatch(/^text\/turtle/);
    const store = new Store(new Parser().parse(turtle.text));
    expect(store.getObjects(null, HYDRA_NEXT, null)).toHaveLength(0);
    expect(store.getObjects(null, 'http://www.w3.org/ns/hydra/core#previous', null).map((term) => term.value)).toEqual([
      `${testApp.baseUrl}/api/catalog?page=2&pageSize=100`,
    ]);

    expect((await get('/api/catalog/00000000-0000-4000-8000-000000000000', 'text/turtle')).status).toBe(404);
  });

  it('re-imports the export of its own sample into an identical catalogue', async () => {
    // Pages followed through hydra next links, merged into one Turtle file for the second catalogue.
    const merged = new Store();
    let next: string | null = `/api/catalog?pageSize=70`;
    let pages = 0;
    while (next) {
      const page = await get(next, 'text/turtle');
      const store = new Store(new Parser({ baseIRI: testApp.baseUrl }).parse(page.text));
      const link = store.getObjects(null, HYDRA_NEXT, null)[0]?.value ?? null;
      next = link ? link.slice(testApp.baseUrl.length) : null;
      for (const quad of store.getQuads(null, null, null, null))
        if (quad.predicate.value !== HYDRA_NEXT) merged.addQuad(quad);
      pages++;
    }
    expect(pages).toBe(5);
    const file = path.join(folder, 'export.ttl');
    await writeFile(
      file,
      await new Promise<string>((resolve, reject) => {
        const writer = new Writer();
        writer.addQuads(merged.getQuads(null, null, null, null));
        writer.end((error, result) => (error ? reject(error) : resolve(result)));
      }),
    );
    await addSource(copy.db, { name: 'export', location: file, format: 'dcat-turtle' });
    const run = await runHarvest({ db: copy.db, source: 'export' });
    expect(run.counts).toMatchObject({ created: 300, failed: 0, duplicates: 0 });

    const catalogUrl = `${testApp.baseUrl}/api/catalog/`;
    const original = await catalogueOf(testApp.database.db, (identifier) => identifier);
    const originalByOfferId = new Map<string, unknown>();
    const records = await testApp.database.db
      .selectFrom('harvest_records')
      .select(['identifier', 'offer_id'])
      .execute();
    for (const record of records) originalByOfferId.set(record.offer_id, original.get(record.identifier));
    const reimported = await catalogueOf(copy.db, (identifier) => identifier.slice(catalogUrl.length));
    expect(reimported.size).toBe(300);
    for (const [offerId, offer] of reimported) expect(offer).toEqual(originalByOfferId.get(offerId));
  }, 60_000);

  it('re-imports one offer exported as JSON-LD', async () => {
    const [record] = await testApp.database.db
      .selectFrom('harvest_records')
      .select(['offer_id'])
      .where('identifier', '=', '6fb6dd5c-5886-4d2b-8d73-c8f2eacfc851')
      .execute();
    const exported = await get(`/api/catalog/${record!.offer_id}`, 'application/ld+json');
    const file = path.join(folder, 'one.jsonld');
    await writeFile(file, exported.text);
    await addSource(copy.db, { name: 'one', location: file, format: 'dcat-jsonld' });
    expect((await runHarvest({ db: copy.db, source: 'one' })).counts).toMatchObject({ created: 1, failed: 0 });
    const [original] = await loadOfferDocuments(testApp.database.db, [record!.offer_id]);
    const [copied] = await copy.db
      .selectFrom('harvest_records')
      .innerJoin('harvest_sources', 'harvest_sources.id', 'harvest_records.source_id')
      .select('offer_id')
      .where('name', '=', 'one')
      .execute();
    const [again] = await loadOfferDocuments(copy.db, [copied!.offer_id]);
    expect(comparable(again!)).toEqual(comparable(original!));
  });
});
