import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { TMetadataItem } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth';
import { makeOffer } from '../../test/factories';
import { searchAs } from '../../test/search';
import { request, startTestApp, type TTestApp } from '../../test/test-app';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { insertOffer } from '../catalogue/load-offers';
import { seedCatalogue } from '../catalogue/seed-catalogue';
import { createLinkChecker, type TLinkChecker } from '../link-checker/link-checker';
import { requestOfferChecks } from '../link-checker/request-link-checks';
import { JUDGED_OFFERS } from '../search/evaluation/judged-corpus';
import { DEMO_FILE_LIST, ensureDemoFiles, type TDemoFiles } from './ensure-demo-files';
import { pointOfferAtDemoFiles } from './point-offer-at-demo-files';
import { recordDemoFileSizes } from './record-demo-file-sizes';
import { repointDemoEndpoints } from './repoint-demo-endpoints';

/** Demo offers seeded: the first judged offers, with one to four endpoints each. */
const SEEDED = 12;
/** Where the catalogue was seeded: another port of the machine, as after a start with another PORT. */
const STALE_URL = 'http://127.0.0.1:1';

let dataDir: string;
let demo: TDemoFiles;
let database: TTestDatabase;
let testApp: TTestApp;
let checker: TLinkChecker;
let auth: Record<string, string>;
let other: http.Server;
let otherUrl: string;
const otherHits: string[] = [];
const seededIds: string[] = [];
const strayId = '20000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dsm-demo-api-'));
  demo = await ensureDemoFiles({ dataDir });
  // Another service on the same machine: the own origin being open must not open it.
  other = http.createServer((req, res) => {
    otherHits.push(req.url ?? '');
    res.writeHead(200, { 'content-length': 2 }).end('ok');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;

  database = await createTestDatabase();
  await seedCatalogue({
    db: database.db,
    pool: database.pool,
    datasets: SEEDED,
    firstOffers: JUDGED_OFFERS,
    adaptOffer: (offer) => {
      seededIds.push(offer.id);
      // As at a first start: seeded while the files are written, so without their sizes.
      return pointOfferAtDemoFiles(offer, DEMO_FILE_LIST, STALE_URL);
    },
  });
  const stray = makeOffer({ id: strayId, title: 'Endpoint on another local port' });
  stray.datasets[0]!.distributions[0]!.accessUrl = `${otherUrl}/demo-data/bus-stops.csv`;
  await insertOffer(database.db, stray);

  testApp = await startTestApp({ DEMO_DATA: 'true', DATA_DIR: dataDir }, { database });
  auth = (await signIn(testApp)).headers;
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await checker?.stop();
  await database?.drop();
  await new Promise<void>((resolve) => (other ? other.close(() => resolve()) : resolve()));
  await rm(dataDir, { recursive: true, force: true });
});

describe('demo data served under /demo-data/', () => {
  it('serves a file with its media type, length, validators, HEAD and byte ranges', async () => {
    const file = demo.files.find((candidate) => candidate.name === 'bus-stops.geojson')!;
    const url = `${testApp.baseUrl}/demo-data/${file.name}`;
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/geo+json');
    expect(head.headers.get('content-length')).toBe(String(file.byteSize));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const etag = head.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(Date.parse(head.headers.get('last-modified') ?? '')).toBeGreaterThan(0);

    const range = await fetch(url, { headers: { range: 'bytes=0-29' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-29/${file.byteSize}`);
    expect(await range.text()).toBe('{"type":"FeatureCollection","n');

    // fetch would add Cache-Control: no-cache to a conditional request, as a browser's reload does.
    const unchanged = await new Promise<number>((resolve, reject) => {
      http
        .get(url, { headers: { 'if-none-match': etag! } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(unchanged).toBe(304);

    const csv = await fetch(`${testApp.baseUrl}/demo-data/schools.csv`, { headers: { 'accept-encoding': 'identity' } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).startsWith('school_number,name,school_type')).toBe(true);
  });

  it('answers 404 with the common error body for any other name, the manifest included', async () => {
    for (const name of ['nothing.csv', '..%2Fmanifest.json', '../manifest.json', 'manifest.json']) {
      const response = await request<{ code: string }>(testApp.baseUrl, 'GET', `/demo-data/${name}`, undefined, {
        accept: 'text/html',
      });
      expect(response.status, name).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });
});

describe('the link checker and search with the demo data', () => {
  it('checks the seeded endpoints at the own origin Online with their sizes, and search finds them as working', async () => {
    const moved = await repointDemoEndpoints(database.db, testApp.baseUrl);
    expect(moved).toBeGreaterThanOrEqual(SEEDED);
    expect(await repointDemoEndpoints(database.db, testApp.baseUrl)).toBe(0);
    expect(await recordDemoFileSizes(database.db, demo.files)).toBe(moved);
    expect(await recordDemoFileSizes(database.db, demo.files)).toBe(0);

    await requestOfferChecks(database.db, [...seededIds, strayId]);
    checker = createLinkChecker({
      databaseUrl: database.url,
      db: database.db,
      // No allowed host: only the own origin (DEMO_DATA) opens loopback. The interval would take a second per
      // check if the own origin were spaced out like a publisher.
      settings: { allowedHosts: [], timeoutMs: 2000, hostIntervalMs: 1000, recheckHours: 24 },
      sweepCron: null,
      pollingIntervalSeconds: 0.5,
    });
    // Its first sweep queues the noted offers' endpoints, as at a start.
    await checker.start();

    const deadline = Date.now() + 20_000;
    let items: TMetadataItem[] = [];
    for (;;) {
      items = await Promise.all(
        [...seededIds, strayId].map(
          async (id) =>
            (await request<TMetadataItem>(testApp.baseUrl, 'GET', `/api/metadata/${id}`, undefined, auth)).body,
        ),
      );
      const pending = items.flatMap((item) => item.endpointChecks).filter((check) => check.status === 'pending');
      if (pending.length === 0) break;
      if (Date.now() > deadline) throw new Error(`still pending: ${pending.length}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const demoChecks = items.slice(0, SEEDED).flatMap((item) => item.endpointChecks);
    expect(demoChecks.length).toBeGreaterThanOrEqual(SEEDED);
    const urls = new Map(
      (await database.db.selectFrom('distributions').select(['id', 'access_url']).execute()).map((row) => [
        row.id,
        row.access_url ?? '',
      ]),
    );
    for (const check of demoChecks) {
      const url = urls.get(check.distributionId)!;
      expect(url.startsWith(`${testApp.baseUrl}/demo-data/`), url).toBe(true);
      const file = demo.files.find((candidate) => url.endsWith(`/${candidate.name}`));
      expect(file, url).toBeDefined();
      expect(check).toMatchObject({ status: 'online', httpStatus: 200, byteSize: file!.byteSize, failure: null });
      const declared = items
        .flatMap((item) => item.datasets.flatMap((dataset) => dataset['dcat:distribution']))
        .find((distribution) => distribution['@id'] === check.distributionId);
      expect(declared?.['dcat:byteSize']).toBe(file!.byteSize);
    }
    // The other local port stays closed, although the path looks the same.
    expect(items.at(-1)!.endpointChecks[0]).toMatchObject({ status: 'offline', failure: 'private-address' });
    expect(otherHits).toEqual([]);

    const working = await searchAs(testApp, { headers: auth }, { pageSize: 100, filter: { hasWorkingEndpoint: true } });
    expect(working.status).toBe(200);
    expect(working.body.total).toBe(SEEDED);
    expect(new Set(working.body.data.map((offer) => offer['@id']))).toEqual(new Set(seededIds));
  }, 60_000);
});

describe('a demo download the client closes early', () => {
  it('is logged as a normal abort, not as an error, and the server keeps serving', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logged = await startTestApp({ DEMO_DATA: 'true', DATA_DIR: dataDir }, { database, logStream });
    try {
      const largest = [...demo.files].sort((a, b) => b.byteSize - a.byteSize)[0]!;
      for (let attempt = 0; attempt < 3; attempt++) {
        await new Promise<void>((resolve, reject) => {
          // A whole download, a resumed one (a byte range) and one asking for compression.
          const headers = [{}, { range: 'bytes=1000-' }, { 'accept-encoding': 'gzip' }][attempt]!;
          const req = http.get(`${logged.baseUrl}/demo-data/${largest.name}`, { headers }, (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          });
          req.on('error', (error) => (req.destroyed ? resolve() : reject(error)));
        });
      }
      // The server notices the closed connection after the client left; the next request is answered all the same.
      const after = await fetch(`${logged.baseUrl}/demo-data/${largest.name}`, { method: 'HEAD' });
      expect(after.status).toBe(200);
      // Each abort is told at info level ("stream closed prematurely").
      await expect
        .poll(() => lines.filter((line) => line.includes('"level":30') && /prematurely/.test(line)).length)
        .toBe(3);
      const errors = lines
        .map((line) => JSON.parse(line) as { level: number; msg?: string })
        .filter((entry) => entry.level >= 50);
      expect(errors).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});
