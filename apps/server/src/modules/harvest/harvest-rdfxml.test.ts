import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZSearchRequest } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTemporarySearchIndex, useTestDatabase } from '../../test/lifecycle';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { searchOffers } from '../search/http/search-offers';
import { addSource } from './add-source';
import { emptyHarvestCounts } from './harvest-counts';
import { configureHarvestLocations } from './harvest-location-policy';
import { findLinkedRecords } from './harvest-repository';
import { runHarvest } from './run-harvest';

// Harvested as the command line does: files anywhere and the local test server's address.
configureHarvestLocations({ allowedHosts: ['127.0.0.1'], files: 'anywhere' });

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures');

const database = useTestDatabase();
const searchIndex = useTemporarySearchIndex(database);
let server: Server;
let base: string;
const requests: { path: string; accept: string | undefined }[] = [];

async function offerOf(identifier: string) {
  const [record] = await findLinkedRecords(database.db, identifier);
  expect(record, `a record for ${identifier}`).toBeDefined();
  const [offer] = await loadOfferDocuments(database.db, [record!.offerId]);
  return offer!;
}

describe('harvesting a DCAT-AP catalogue in RDF/XML', () => {
  beforeAll(async () => {
    const pages = {
      '/catalog.rdf': await readFile(path.join(FIXTURES, 'dcat-ap-page-1.rdf'), 'utf8'),
      '/catalog.rdf?page=2': await readFile(path.join(FIXTURES, 'dcat-ap-page-2.rdf'), 'utf8'),
    };
    server = createServer((request, response) => {
      requests.push({ path: request.url!, accept: request.headers.accept });
      const body = pages[request.url as keyof typeof pages];
      if (!body) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/rdf+xml; charset=utf-8' });
      response.end(body.replace('NEXT_PAGE', `${base}/catalog.rdf?page=2`));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await addSource(database.db, { name: 'example-rdfxml', location: `${base}/catalog.rdf`, format: 'dcat-rdfxml' });
  });
  afterAll(async () => {
    server.close();
  });

  it('imports the datasets of both pages, asking for RDF/XML', async () => {
    const run = await runHarvest({ db: database.db, source: 'example-rdfxml' });
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    expect(run.counts).toEqual({ ...emptyHarvestCounts(), created: 3 });
    expect(requests).toEqual([
      { path: '/catalog.rdf', accept: 'application/rdf+xml' },
      { path: '/catalog.rdf?page=2', accept: 'application/rdf+xml' },
    ]);
  });

  it('maps a striped dcat:Dataset field by field, in the language the dataset names', async () => {
    const offer = await offerOf('bus-stops-2023');
    // dct:language is German: the German title and description, not the first one written.
    expect(offer.title).toBe('Haltestellen des Busverkehrs');
    expect(offer.description).toEqual({
      '@language': 'de',
      '@value': 'Lage, Name und Barrierefreiheit aller Bushaltestellen im Verbundgebiet.',
    });
    // Keywords of every language, sorted: triples have no order.
    expect(offer.keywords).toEqual(['Haltestelle', 'bus stop', 'ÖPNV']);
    expect(offer.categories).toEqual(['REGIONS_AND_CITIES', 'TRANSPORT']);
    expect(offer.paymentModel).toBe('FREE_OF_CHARGE');
    const dataset = offer.datasets[0]!;
    expect(dataset['dcterms:issued']).toBe('2021-03-01T00:00:00.000Z');
    expect(dataset['dcterms:modified']).toBe('2023-06-30T10:15:00.000Z');
    expect(dataset['dcterms:publisher']).toMatchObject({
      '@id': 'https://opendata.example.eu/org/vbb',
      'foaf:name': 'Verkehrsverbund Berlin-Brandenburg',
    });
    expect(dataset['geodcatp:custodian']).toMatchObject({
      'foaf:name': 'Open Data Team VBB',
      'foaf:mbox': 'mailto:opendata@vbb.example.eu',
    });
    expect(dataset['dcat:distribution']).toEqual([
      expect.objectContaining({
        'dcterms:title': 'Haltestellen (CSV)',
        'dcat:accessURL': 'https://opendata.example.eu/files/haltestellen.csv',
        'dcterms:format': 'CSV',
        'dcat:mediaType': 'text/csv',
        'dcterms:license': 'CC-BY-4.0',
        'dcat:byteSize': 52311,
      }),
      expect.objectContaining({
        'dcterms:title': 'Haltestellen (GeoJSON)',
        'dcat:accessURL': 'https://opendata.example.eu/files/haltestellen.geojson',
        'dcterms:format': 'GEOJSON',
        'dcat:mediaType': 'application/geo+json',
        'dcterms:license': 'dl-de/by-2-0',
        'dcat:byteSize': null,
      }),
    ]);
  });

  it('maps an rdf:Description dataset with blank-node agents and distributions described elsewhere', async () => {
    const offer = await offerOf('air-quality-hourly');
    expect(offer.title).toBe('Hourly air quality measurements');
    expect(offer.description['@language']).toBe('en');
    expect(offer.description['@value']).toBe(
      'Nitrogen dioxide, ozone and fine dust (PM10, PM2.5) measured every hour at 14 stations.\nValues are validated once a month.',
    );
    expect(offer.keywords).toEqual(['NO2', 'PM10', 'air quality']);
    expect(offer.categories).toEqual(['ENVIRONMENT', 'HEALTH']);
    const dataset = offer.datasets[0]!;
    expect(dataset['dcterms:issued']).toBe('2019-05-14T06:00:00.000Z');
    expect(dataset['dcterms:modified']).toBe('2024-01-31T00:00:00.000Z');
    expect(dataset['dcterms:publisher']).toMatchObject({ 'foaf:name': 'Environmental Agency of the Example Region' });
    expect(dataset['geodcatp:custodian']).toMatchObject({
      'foaf:name': 'Air monitoring network',
      'foaf:mbox': 'mailto:air@environment.example.eu',
    });
    // Triples have no order and the source writes no position: distributions come sorted by URL. The archive
    // names its own licence; the API names none and takes the dataset's (CC0).
    expect(
      dataset['dcat:distribution'].map((distribution) => [
        distribution['dcterms:title'],
        distribution['dcat:accessURL'],
        distribution['dcterms:license'],
        distribution['dcat:byteSize'],
      ]),
    ).toEqual([
      ['Measurements API', 'https://api.environment.example.eu/air/v2', 'CC0-1.0', null],
      [
        'Archive 2019-2023 (ZIP)',
        'https://opendata.example.eu/files/air-quality-2019-2023.zip',
        'CC-BY-4.0',
        104857600,
      ],
    ]);
  });

  it('maps a dataset of the next page: IRI as identifier, language from the title, catalogue publisher', async () => {
    const offer = await offerOf('https://opendata.example.eu/dataset/schools');
    expect(offer.title).toBe('Schulstandorte');
    expect(offer.description['@language']).toBe('de');
    expect(offer.keywords).toEqual(['Bildung', 'Schule']);
    expect(offer.categories).toEqual(['EDUCATION_CULTURE_AND_SPORT']);
    const dataset = offer.datasets[0]!;
    expect(dataset['dcterms:issued']).toBe('2020-01-01T00:00:00.000Z');
    expect(dataset['dcterms:modified']).toBeNull();
    // No dct:publisher on the dataset: the catalogue's publisher, as DCAT-AP implies.
    expect(dataset['dcterms:publisher']).toMatchObject({
      '@id': 'https://opendata.example.eu/org/region',
      'foaf:name': 'Example Region',
    });
    expect(dataset['dcat:distribution']).toEqual([
      expect.objectContaining({
        'dcat:accessURL': 'https://opendata.example.eu/wfs/schools?service=WFS&request=GetCapabilities',
        'dcterms:format': 'WFS_SRVC',
        'dcterms:license': 'dl-de/zero-2-0',
      }),
    ]);
  });

  it('finds the harvested datasets by their words and reports them unchanged on a re-run', async () => {
    const found = await searchOffers({
      db: database.db,
      searchIndex,
      query: 'Haltestellen',
      request: ZSearchRequest.parse({ index: 0, pageSize: 10 }),
    });
    expect(found.data.map((item) => item.title)).toEqual(['Haltestellen des Busverkehrs']);
    const again = await runHarvest({ db: database.db, source: 'example-rdfxml' });
    expect(again.counts).toEqual({ ...emptyHarvestCounts(), unchanged: 3 });
  });
});
