import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZSearchRequest } from '@dsm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { searchOffers } from '../search/http/search-offers';
import { openTemporarySearchIndex, type TTemporarySearchIndex } from '../search/index/open-temporary-search-index';
import { addSource } from './add-source';
import { emptyHarvestCounts } from './harvest-counts';
import { configureHarvestLocations } from './harvest-location-policy';
import { runHarvest } from './run-harvest';

// Harvested as the command line does: files anywhere.
configureHarvestLocations({ allowedHosts: [], files: 'anywhere' });

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const FIXTURES = path.resolve(repoRoot, '..', 'shared', 'fixtures', 'catalog');
const CDC = path.join(FIXTURES, 'cdc.gov.data.json.gz');
const DEPOSITAR = path.join(FIXTURES, 'depositar-datasets.jsonl.gz');

let database: TTestDatabase;
let searchIndex: TTemporarySearchIndex;

async function offerIdOf(sourceName: string, identifier: string): Promise<string> {
  const row = await database.db
    .selectFrom('harvest_records')
    .innerJoin('harvest_sources', 'harvest_sources.id', 'harvest_records.source_id')
    .select('harvest_records.offer_id')
    .where('harvest_sources.name', '=', sourceName)
    .where('harvest_records.identifier', '=', identifier)
    .executeTakeFirstOrThrow();
  return row.offer_id;
}

async function search(text: string) {
  return searchOffers({
    db: database.db,
    searchIndex,
    query: text,
    request: ZSearchRequest.parse({ index: 0, pageSize: 100 }),
  });
}

describe('harvesting the fixture catalogues', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    searchIndex = await openTemporarySearchIndex(database);
    await addSource(database.db, { name: 'cdc', location: CDC, format: 'dcat-us' });
    await addSource(database.db, { name: 'depositar', location: DEPOSITAR, format: 'ckan-jsonl' });
  });
  afterAll(async () => {
    await searchIndex.remove();
    await database.drop();
  });

  it('imports every dataset of both files and reports the counts', async () => {
    const cdc = await runHarvest({ db: database.db, source: 'cdc' });
    expect(cdc).toMatchObject({ status: 'succeeded', error: null });
    expect(cdc.counts).toEqual({ ...emptyHarvestCounts(), created: 1359 });
    const depositar = await runHarvest({ db: database.db, source: 'depositar' });
    expect(depositar.counts).toEqual({ ...emptyHarvestCounts(), created: 1839 });
    const { rows } = await sql<{ offers: string; distributions: string }>`
      select (select count(*) from offers where state = 'ACTIVE') as offers, (select count(*) from distributions) as distributions`.execute(
      database.db,
    );
    expect(Number(rows[0]!.offers)).toBe(1359 + 1839);
    expect(Number(rows[0]!.distributions)).toBe(4560 + 6222);
  }, 120_000);

  it('maps a DCAT-US dataset field by field', async () => {
    const [offer] = await loadOfferDocuments(database.db, [
      await offerIdOf('cdc', 'https://data.cdc.gov/api/views/235m-gsry'),
    ]);
    expect(offer).toMatchObject({
      title:
        'Pulmonary evaluation of whole-body inhalation exposure of polycarbonate (PC) filament 3D printer emissions in rats',
      paymentModel: 'FREE_OF_CHARGE',
      price: 0,
      categories: ['HEALTH'],
      keywords: [],
    });
    expect(offer!.description['@language']).toBe('en');
    expect(offer!.description['@value']).toMatch(/^Additive manufacturing \(AM\) is a broad manufacturing term/);
    const dataset = offer!.datasets[0]!;
    expect(dataset['dcterms:issued']).toBe('2024-11-15T00:00:00.000Z');
    expect(dataset['dcterms:modified']).toBe('2024-11-20T00:00:00.000Z');
    expect(dataset['dcterms:publisher']).toMatchObject({ 'foaf:name': 'data.cdc.gov' });
    expect(dataset['geodcatp:custodian']).toMatchObject({
      'foaf:name': 'Pathology and Physiology Branch, Health Effects Laboratory Division',
      'foaf:mbox': 'mailto:sa-cin-webteam@cdc.gov',
    });
    expect(dataset['dcat:distribution']).toEqual([
      expect.objectContaining({
        'dcat:mediaType': 'application/x-zip-compressed',
        'dcterms:license': 'n/a',
        'dcat:accessURL': 'https://data.cdc.gov/download/235m-gsry/application/x-zip-compressed',
      }),
    ]);
  });

  it('maps a CKAN package field by field, with Chinese title and matched licence', async () => {
    const [offer] = await loadOfferDocuments(database.db, [
      await offerIdOf('depositar', '6fb6dd5c-5886-4d2b-8d73-c8f2eacfc851'),
    ]);
    expect(offer!.title).toBe(
      '溫寮溪道路工程(平面道路工區1、堤防道路、橋樑工區1、平面道路工區2、平面道路工區4)施工階段生態檢核成果',
    );
    expect(offer!.description['@language']).toBe('zh');
    const dataset = offer!.datasets[0]!;
    expect(dataset['dcterms:publisher']['foaf:name']).toBe('溫寮溪旁(甲后路至經國路)聯絡道路新闢工程');
    expect(dataset['dcterms:modified']).toBe('2023-08-07T01:29:52.403Z');
    expect(dataset['dcat:distribution']).toHaveLength(44);
    expect(dataset['dcat:distribution'][0]).toMatchObject({
      'dcterms:title': '111年 2 月底～3 月初之生態調查結果',
      'dcat:mediaType': 'application/pdf',
      'dcterms:format': 'PDF',
      'dcterms:license': 'n/a',
      'dcat:byteSize': 1944522,
    });
  });

  it('matches licences through the licence mappings', async () => {
    const licences = await sql<{ licence: string; n: string }>`
      select d.licence, count(distinct s.offer_id) as n from distributions d join datasets s on s.id = d.dataset_id
      group by d.licence`.execute(database.db);
    const byLicence = Object.fromEntries(licences.rows.map((row) => [row.licence, Number(row.n)]));
    // depositar: cc-by 168, cc-zero 5, cc-by-sa 13 with resources; data.cdc.gov: ODC-BY 55, ODbL 4, CC0 3, CC BY 1.
    expect(byLicence['ODbL-1.0']).toBe(4);
    expect(byLicence['ODC-BY-1.0']).toBe(55);
    expect(byLicence['CC0-1.0']).toBeGreaterThanOrEqual(3);
    expect(byLicence['CC-BY-4.0']).toBeGreaterThan(100);
    expect(byLicence['n/a']).toBeGreaterThan(1000);
    const [heart] = await loadOfferDocuments(database.db, [
      await offerIdOf('cdc', 'https://data.cdc.gov/api/views/48mw-5apu'),
    ]);
    expect(heart!.datasets[0]!['dcat:distribution'].map((d) => d['dcterms:license'])).toContain('ODbL-1.0');
  });

  it('finds imported titles in English and in Chinese', async () => {
    const english = await search('polycarbonate filament');
    expect(english.total).toBeGreaterThan(0);
    const pulmonary = await offerIdOf('cdc', 'https://data.cdc.gov/api/views/235m-gsry');
    expect(english.data.map((item) => item['@id'])).toContain(pulmonary);

    const chinese = await search('溫寮溪');
    const wenliao = await offerIdOf('depositar', '6fb6dd5c-5886-4d2b-8d73-c8f2eacfc851');
    expect(chinese.data.map((item) => item['@id'])).toContain(wenliao);
    const biodiversity = await search('生物多樣性');
    expect(biodiversity.data.map((item) => item.title)).toContain('台灣生物多樣性網絡物種名錄');
  });

  it('reports every record unchanged on a re-run', async () => {
    const again = await runHarvest({ db: database.db, source: 'depositar' });
    expect(again.counts).toEqual({ ...emptyHarvestCounts(), unchanged: 1839 });
  }, 120_000);
});
