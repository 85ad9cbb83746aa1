import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TErrorResponse, TOfferInputBody, TOwnOfferDetails, TPreview } from '@dsm/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { makeOfferInput } from '../../test/factories';
import { useTestApp } from '../../test/lifecycle';
import { request, startTestApp, type TTestApp } from '../../test/test-app';
import { seedLicences } from '../catalogue/licence-catalogue';
import { publishOffer } from '../offers/offers-test-data';
import { checkOutPublished } from '../orders/orders-test-data';
import { textsReadOnThread, workbooksReadOnThread } from './read-preview';
import { makeZipBomb } from './zip-bomb-fixture';

/**
 * Previews read real files from a source server on loopback (allowed by PREVIEW_ALLOWED_HOSTS, as the link
 * checker's tests allow theirs), through the same HTTP API the details page calls.
 */

type TFile = { body: Buffer | ((response: import('node:http').ServerResponse) => void); type: string };

const files = new Map<string, TFile>();
const hits = new Map<string, number>();
let source: Server;
let sourceUrl: string;
/** What a streamed source wrote before the preview closed the connection. */
type TStreamed = { bytesWritten: number; isClosedEarly: boolean };

/** Bounded: 25 MB at most, far beyond what a preview may read. */
const STREAMED_BYTES = 25_000_000;

const MAX_BYTES = 100_000;
const SECRET = 'SOURCE-BODY-SECRET-7f3a';

let testApp: TTestApp;
let supplier: TSignedIn;
let visitor: TSignedIn;

function csvRows(count: number, delimiter = ','): string {
  const lines = [['id', 'name', 'price', 'active', 'day'].join(delimiter)];
  for (let index = 1; index <= count; index++) {
    lines.push(
      [
        index,
        `Station ${index}`,
        (index * 1.5).toFixed(2),
        index % 2 === 0,
        `2024-01-${String((index % 28) + 1).padStart(2, '0')}`,
      ].join(delimiter),
    );
  }
  return `${lines.join('\n')}\n`;
}

async function xlsxFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Messwerte');
  sheet.addRow(['station', 'reading', 'measured', 'valid']);
  for (let index = 1; index <= 120; index++) {
    sheet.addRow([`S${index}`, index + 0.25, new Date(Date.UTC(2024, 0, index % 28 || 1)), index % 3 !== 0]);
  }
  workbook.addWorksheet('Other').addRow(['never', 'shown']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function serve(path: string, body: string | Buffer, type = 'text/plain'): string {
  files.set(path, { body: typeof body === 'string' ? Buffer.from(body) : body, type });
  return `${sourceUrl}${path}`;
}

/**
 * Serves the text `lines` yields, written as the client reads it, up to STREAMED_BYTES; the answer tells how much
 * was written and whether the client closed the connection before the end.
 */
function serveStream(path: string, type: string, lines: () => Iterator<string>): TStreamed {
  const state: TStreamed = { bytesWritten: 0, isClosedEarly: false };
  files.set(path, {
    type,
    body: (res) => {
      res.writeHead(200, { 'content-type': type });
      const source = lines();
      let isDone = false;
      const pump = () => {
        while (!isDone && !res.destroyed) {
          const next = source.next();
          const line = next.done || state.bytesWritten >= STREAMED_BYTES ? null : next.value;
          if (line === null) {
            isDone = true;
            res.end();
            return;
          }
          state.bytesWritten += Buffer.byteLength(line);
          if (!res.write(line)) return void res.once('drain', pump);
        }
      };
      res.on('close', () => {
        state.isClosedEarly = !isDone;
      });
      pump();
    },
  });
  return state;
}

async function publish(input: TOfferInputBody): Promise<string> {
  return (await publishOffer(testApp, supplier, input))['@id'];
}

/** A free offer with one endpoint at a URL in a format. */
const freeOffer = (title: string, endpoints: Partial<TOfferInputBody['endpoints'][number]>[]) =>
  publish(
    makeOfferInput(title, {
      pricingOption: 'FREE',
      endpoints,
      licensingInfo: { paymentType: 'FREE_OF_CHARGE', price: 0, priceUnit: '' },
    }),
  );

const preview = (offerId: string, endpoint: number, who: TSignedIn = visitor) =>
  requestAs<TPreview & TErrorResponse>(testApp, who, 'GET', `/api/metadata/${offerId}/preview?endpoint=${endpoint}`);

beforeAll(async () => {
  source = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files.get(path);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not here ${SECRET}`);
      return;
    }
    if (typeof file.body === 'function') return file.body(res);
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((done) => source.listen(0, '127.0.0.1', done));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  testApp = await startTestApp({ PREVIEW_ALLOWED_HOSTS: '127.0.0.1', PREVIEW_MAX_BYTES: String(MAX_BYTES) });
  await seedLicences(testApp.database.db);
  [supplier, visitor] = await Promise.all([
    signIn(testApp, { email: 'preview-supplier@example.org', name: 'Preview Supplier' }),
    signIn(testApp, { email: 'preview-visitor@example.org', name: 'Just Looking' }),
  ]);
});

afterAll(async () => {
  await testApp?.close();
  await new Promise((done) => source?.close(done));
});

describe('GET /api/metadata/{id}/preview', () => {
  it('shows the first 100 rows of a CSV with column names and guessed types', async () => {
    const url = serve('/stations.csv', csvRows(150), 'text/csv');
    const id = await freeOffer('Stations as CSV', [{ accessUrl: url, format: 'csv', mimeType: 'text/csv' }]);
    const response = await preview(id, 0);
    expect(response.status).toBe(200);
    expect(response.body.kind).toBe('table');
    expect(response.body.format).toBe('CSV');
    expect(response.body.columns).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'name', type: 'text' },
      { name: 'price', type: 'number' },
      { name: 'active', type: 'boolean' },
      { name: 'day', type: 'date' },
    ]);
    expect(response.body.rows).toHaveLength(100);
    expect(response.body.rows[0]).toEqual(['1', 'Station 1', '1.50', 'false', '2024-01-02']);
    expect(response.body.rows[99]![1]).toBe('Station 100');
    expect(response.body.truncated).toBe(true);
    expect(response.body.totalRowsRead).toBe(101);
    expect(response.body.features).toEqual([]);
    expect(Date.parse(response.body.fetchedAt)).not.toBeNaN();
  });

  it('sniffs semicolons and reads Windows-1252 text, as spreadsheets exported in Germany are', async () => {
    const text = 'Ort;Einwohner;Fläche\nMünchen;1512491;310,7\nKöln;1084831;405,0\n';
    const url = serve('/orte.csv', Buffer.from(text, 'latin1'), 'text/csv');
    const id = await freeOffer('Orte', [{ accessUrl: url, format: 'csv' }]);
    const response = await preview(id, 0);
    expect(response.status).toBe(200);
    expect(response.body.columns).toEqual([
      { name: 'Ort', type: 'text' },
      { name: 'Einwohner', type: 'integer' },
      { name: 'Fläche', type: 'number' },
    ]);
    expect(response.body.rows).toEqual([
      ['München', '1512491', '310,7'],
      ['Köln', '1084831', '405,0'],
    ]);
    expect(response.body.truncated).toBe(false);
    expect(response.body.totalRowsRead).toBe(2);
  });

  it('reads a TSV, and a UTF-8 CSV with a byte order mark without the mark in the first column name', async () => {
    const tsv = serve('/a.tsv', 'city\tcode, with comma\nLeipzig\t04109\n', 'text/tab-separated-values');
    const bom = serve(
      '/bom.csv',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Straße,Nr\nHauptstraße,7\n')]),
    );
    const id = await freeOffer('Separated', [
      { accessUrl: tsv, format: 'TSV', mimeType: 'text/csv' },
      { accessUrl: bom, format: 'csv' },
    ]);
    const first = await preview(id, 0);
    expect(first.status).toBe(200);
    expect(first.body.format).toBe('TSV');
    expect(first.body.columns.map((column) => column.name)).toEqual(['city', 'code, with comma']);
    // A leading zero stays text: postal codes are no numbers.
    expect(first.body.columns[1]!.type).toBe('text');
    expect(first.body.rows).toEqual([['Leipzig', '04109']]);
    const second = await preview(id, 1);
    expect(second.status).toBe(200);
    expect(second.body.columns.map((column) => column.name)).toEqual(['Straße', 'Nr']);
    expect(second.body.rows).toEqual([['Hauptstraße', '7']]);
  });

  it('reads JSON lists of records and {"data": [...]}', async () => {
    const list = serve(
      '/list.json',
      JSON.stringify([
        { id: 1, label: 'a', score: 0.5, tags: ['x'] },
        { id: 2, label: 'b', score: 2, extra: true },
      ]),
      'application/json',
    );
    const wrapped = serve('/wrapped.json', JSON.stringify({ data: Array.from({ length: 130 }, (_, id) => ({ id })) }));
    const id = await freeOffer('Records', [
      { accessUrl: list, format: 'json', mimeType: 'application/json' },
      { accessUrl: wrapped, format: 'json', mimeType: 'application/json' },
    ]);
    const first = await preview(id, 0);
    expect(first.status).toBe(200);
    expect(first.body.columns).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'label', type: 'text' },
      { name: 'score', type: 'number' },
      { name: 'tags', type: 'text' },
      { name: 'extra', type: 'boolean' },
    ]);
    expect(first.body.rows).toEqual([
      [1, 'a', 0.5, '["x"]', null],
      [2, 'b', 2, null, true],
    ]);
    const second = await preview(id, 1);
    expect(second.body.rows).toHaveLength(100);
    expect(second.body.truncated).toBe(true);
    // Parsing stopped one record past those shown.
    expect(second.body.totalRowsRead).toBe(101);
  });

  it('reads GeoJSON as features for the map and their properties as the table', async () => {
    const features = Array.from({ length: 120 }, (_, index) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [12.3 + index / 100, 51.3] },
      properties: { name: `Tree ${index}`, height: index + 0.5 },
    }));
    const url = serve(
      '/trees.geojson',
      JSON.stringify({ type: 'FeatureCollection', features }),
      'application/geo+json',
    );
    const id = await freeOffer('Trees', [{ accessUrl: url, format: 'GeoJSON', mimeType: 'application/json' }]);
    const response = await preview(id, 0);
    expect(response.status).toBe(200);
    expect(response.body.kind).toBe('geojson');
    expect(response.body.features).toHaveLength(100);
    expect(response.body.features[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [12.3, 51.3] },
      properties: { name: 'Tree 0', height: 0.5 },
    });
    expect(response.body.columns).toEqual([
      { name: 'name', type: 'text' },
      { name: 'height', type: 'number' },
    ]);
    expect(response.body.rows[1]).toEqual(['Tree 1', 1.5]);
    expect(response.body.truncated).toBe(true);
    expect(response.body.totalRowsRead).toBe(101);
  });

  // Parsed and serialised on the event loop, a GeoJSON of 4.6 MB paused every other request for 54 ms of garbage
  // collection (docs/performance.md, handler stalls); read on a preview thread, the answer keeps its exact bytes.
  it('reads GeoJSON on a preview thread and answers the same JSON text, key for key', async () => {
    const features = Array.from({ length: 3 }, (_, index) => ({
      type: 'Feature',
      properties: { name: `Well ${index}`, 'depth m': index * 2.5, note: index === 1 ? 'ümlaut "quoted"' : null },
      geometry: { type: 'Point', coordinates: [7.1 + index, 50.7] },
    }));
    const url = serve(
      '/wells.geojson',
      JSON.stringify({ type: 'FeatureCollection', features }),
      'application/geo+json',
    );
    const id = await freeOffer('Wells', [{ accessUrl: url, format: 'GeoJSON', mimeType: 'application/json' }]);
    const before = textsReadOnThread();
    const response = await fetch(`${testApp.baseUrl}/api/metadata/${id}/preview?endpoint=0`, {
      headers: visitor.headers,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    const body = JSON.parse(text) as TPreview;
    expect(text).toBe(
      JSON.stringify({
        distributionId: body.distributionId,
        kind: 'geojson',
        format: 'GeoJSON',
        columns: [
          { name: 'name', type: 'text' },
          { name: 'depth m', type: 'number' },
          { name: 'note', type: 'text' },
        ],
        rows: features.map((feature) => [
          feature.properties.name,
          feature.properties['depth m'],
          feature.properties.note,
        ]),
        truncated: false,
        totalRowsRead: 3,
        features: features.map((feature) => ({
          type: 'Feature',
          geometry: feature.geometry,
          properties: feature.properties,
        })),
        fetchedAt: body.fetchedAt,
      }),
    );
    expect(body.distributionId).toMatch(/\S/);
    expect(textsReadOnThread() - before).toBe(1);
  });

  // Read on the event loop, a workbook at PREVIEW_MAX_BYTES held every other request for 12-13 s
  // (docs/performance.md, handler stalls); the count of workbooks the thread read tells where it was read.
  it('reads an XLSX workbook on the workbook thread, not on the event loop every request shares', async () => {
    const url = serve('/on-thread.xlsx', await xlsxFile(), 'application/octet-stream');
    const id = await freeOffer('Workbook on a thread', [{ accessUrl: url, format: 'XLSX' }]);
    const before = workbooksReadOnThread();
    const response = await preview(id, 0);
    expect(response.status).toBe(200);
    expect(response.body.rows[0]).toEqual(['S1', 1.25, '2024-01-01', true]);
    expect(workbooksReadOnThread() - before).toBe(1);
  });

  it('answers a file that is no workbook with 502 from the workbook thread too', async () => {
    const url = serve(
      '/not-a-workbook.xlsx',
      Buffer.from('PK\u0003\u0004 not really a zip'),
      'application/octet-stream',
    );
    const id = await freeOffer('Broken workbook', [{ accessUrl: url, format: 'XLSX' }]);
    const response = await preview(id, 0);
    expect(response.status).toBe(502);
    expect(response.body.code).toBe('BAD_GATEWAY');
  });

  // A preview as large as its source was serialised on the event loop, first in one piece, then in slices whose
  // garbage still paused every request; now the preview thread writes it, and the answer goes out as those bytes.
  it('reads CSV on a preview thread and sends the JSON it wrote, with its length', async () => {
    const url = serve('/sliced.csv', csvRows(150), 'text/csv');
    const id = await freeOffer('Sliced answer', [{ accessUrl: url, format: 'csv', mimeType: 'text/csv' }]);
    const before = textsReadOnThread();
    const response = await fetch(`${testApp.baseUrl}/api/metadata/${id}/preview?endpoint=0`, {
      headers: { ...visitor.headers, 'accept-encoding': 'identity' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
    const body = JSON.parse(bytes.toString('utf8')) as TPreview;
    expect(body.rows).toHaveLength(100);
    expect(body.rows[99]![1]).toBe('Station 100');
    expect(textsReadOnThread() - before).toBe(1);
  });

  it("reads an XLSX workbook's first sheet", async () => {
    const url = serve('/messwerte.xlsx', await xlsxFile(), 'application/octet-stream');
    const id = await freeOffer('Workbook', [{ accessUrl: url, format: 'XLSX', mimeType: 'application/octet-stream' }]);
    const response = await preview(id, 0);
    expect(response.status).toBe(200);
    expect(response.body.format).toBe('XLSX');
    expect(response.body.columns).toEqual([
      { name: 'station', type: 'text' },
      { name: 'reading', type: 'number' },
      { name: 'measured', type: 'date' },
      { name: 'valid', type: 'boolean' },
    ]);
    expect(response.body.rows[0]).toEqual(['S1', 1.25, '2024-01-01', true]);
    expect(response.body.rows).toHaveLength(100);
    expect(response.body.truncated).toBe(true);
    expect(response.body.totalRowsRead).toBe(120);
  });

  it('refuses a workbook that unzips to far more than a preview reads (a zip bomb) with 413, also when it hides its sizes', async () => {
    const workbook = await xlsxFile();
    const bomb = await makeZipBomb({ workbook, paddingBytes: 50_000_000 });
    const hidden = await makeZipBomb({ workbook, paddingBytes: 50_000_000, isSizeHidden: true });
    // Small enough to be fetched whole: only what it unzips to gives it away.
    expect(bomb.length).toBeLessThan(MAX_BYTES);
    const id = await freeOffer('Bombs', [
      { accessUrl: serve('/bomb.xlsx', bomb), format: 'XLSX' },
      { accessUrl: serve('/hidden.xlsx', hidden), format: 'XLSX' },
      { accessUrl: serve('/padded.xlsx', await makeZipBomb({ workbook, paddingBytes: 100_000 })), format: 'XLSX' },
    ]);
    for (const endpoint of [0, 1]) {
      const response = await preview(id, endpoint);
      expect(response.status).toBe(413);
      expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
      expect(response.body.message).toMatch(/^The workbook is too large to preview: it unzips to more than the \d+ MB/);
    }
    // A workbook padded within the limit is read as ever.
    const padded = await preview(id, 2);
    expect(padded.status).toBe(200);
    expect(padded.body.rows[0]).toEqual(['S1', 1.25, '2024-01-01', true]);
  });

  it('reads only the first rows of a long CSV, and stops reading the source there', async () => {
    const endless = serveStream('/endless.csv', 'text/csv', function* () {
      yield 'n,square\n';
      for (let n = 0; ; n++) yield `${n},${n * n}\n`;
    });
    const id = await freeOffer('Endless', [{ accessUrl: `${sourceUrl}/endless.csv`, format: 'csv' }]);
    const response = await preview(id, 0);
    expect(response.status).toBe(200);
    expect(response.body.rows).toHaveLength(100);
    expect(response.body.rows[99]).toEqual(['99', '9801']);
    expect(response.body.truncated).toBe(true);
    // Parsing stopped one row past those shown, not at the byte limit.
    expect(response.body.totalRowsRead).toBe(101);
    await expect.poll(() => endless.isClosedEarly).toBe(true);
    expect(endless.bytesWritten).toBeLessThan(STREAMED_BYTES);
  });

  it('previews a GeoJSON of 20+ MB from its first features, and stops reading the source there', async () => {
    const count = 200_000;
    const feature = (n: number) =>
      JSON.stringify({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [6 + (n % 900) / 100, 47 + (n % 800) / 100] },
        properties: { id: n, name: `Messstelle ${n}`, level: n + 0.5, active: n % 2 === 0 },
      });
    const large = serveStream('/large.geojson', 'application/geo+json', function* () {
      yield '{"type":"FeatureCollection","name":"gauges","features":[\n';
      for (let n = 0; n < count; n++) yield `${feature(n)}${n < count - 1 ? ',' : ''}\n`;
      yield ']}\n';
    });
    const id = await freeOffer('Large gauges', [
      { accessUrl: `${sourceUrl}/large.geojson`, format: 'GeoJSON', mimeType: 'application/json' },
    ]);
    const response = await preview(id, 0);
    expect(response.status).toBe(200);
    expect(response.body.kind).toBe('geojson');
    expect(response.body.features).toHaveLength(100);
    expect(response.body.features.map((shown) => shown.properties?.id)).toEqual(
      Array.from({ length: 100 }, (_, n) => n),
    );
    expect(response.body.features[99]).toEqual(JSON.parse(feature(99)));
    expect(response.body.columns).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'name', type: 'text' },
      { name: 'level', type: 'number' },
      { name: 'active', type: 'boolean' },
    ]);
    expect(response.body.truncated).toBe(true);
    expect(response.body.totalRowsRead).toBe(101);
    await expect.poll(() => large.isClosedEarly).toBe(true);
    // The file is over 20 MB; what was written before the close is what the connection's buffers took.
    expect(large.bytesWritten).toBeLessThan(8_000_000);
  });

  it('previews a long JSON list and a list of lists from their first rows, closing the source there', async () => {
    const records = serveStream('/records.json', 'application/json', function* () {
      yield '[\n';
      for (let n = 0; n < 400_000; n++)
        yield `${n > 0 ? ',' : ''}{"id":${n},"city":"Ort ${n}","share":${n / 4},"day":"2024-02-${String((n % 28) + 1).padStart(2, '0')}"}\n`;
      yield ']';
    });
    const table = serveStream('/table.json', 'application/json', function* () {
      yield '{"meta":{"source":"test"},"rows":[["code","count"]';
      for (let n = 0; n < 2_000_000; n++) yield `,["0${n}",${n}]`;
      yield ']}';
    });
    const id = await freeOffer('Long lists', [
      { accessUrl: `${sourceUrl}/records.json`, format: 'json', mimeType: 'application/json' },
      { accessUrl: `${sourceUrl}/table.json`, format: 'json', mimeType: 'application/json' },
    ]);
    const first = await preview(id, 0);
    expect(first.status).toBe(200);
    expect(first.body.columns).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'city', type: 'text' },
      { name: 'share', type: 'number' },
      { name: 'day', type: 'date' },
    ]);
    expect(first.body.rows).toHaveLength(100);
    expect(first.body.rows[99]).toEqual([99, 'Ort 99', 24.75, '2024-02-16']);
    expect(first.body.truncated).toBe(true);
    expect(first.body.totalRowsRead).toBe(101);
    const second = await preview(id, 1);
    expect(second.status).toBe(200);
    expect(second.body.columns).toEqual([
      { name: 'code', type: 'text' },
      { name: 'count', type: 'integer' },
    ]);
    expect(second.body.rows[0]).toEqual(['00', 0]);
    expect(second.body.rows).toHaveLength(100);
    expect(second.body.truncated).toBe(true);
    await expect.poll(() => records.isClosedEarly && table.isClosedEarly).toBe(true);
    expect(records.bytesWritten).toBeLessThan(8_000_000);
    expect(table.bytesWritten).toBeLessThan(8_000_000);
  });

  it('reads a FeatureCollection whose type comes after its features, and a single Feature', async () => {
    const late = serve(
      '/late.geojson',
      JSON.stringify({
        features: [{ type: 'Feature', geometry: null, properties: { n: 1 } }],
        type: 'FeatureCollection',
      }),
    );
    const single = serve(
      '/single.geojson',
      JSON.stringify({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [7, 50] },
        properties: { name: 'Bonn' },
      }),
    );
    const id = await freeOffer('Odd GeoJSON', [
      { accessUrl: late, format: 'GeoJSON' },
      { accessUrl: single, format: 'GeoJSON' },
    ]);
    const first = await preview(id, 0);
    expect(first.status).toBe(200);
    expect(first.body.kind).toBe('geojson');
    expect(first.body.rows).toEqual([[1]]);
    expect(first.body.truncated).toBe(false);
    const second = await preview(id, 1);
    expect(second.status).toBe(200);
    expect(second.body.features).toEqual([
      { type: 'Feature', geometry: { type: 'Point', coordinates: [7, 50] }, properties: { name: 'Bonn' } },
    ]);
    expect(second.body.columns).toEqual([{ name: 'name', type: 'text' }]);
  });

  it('refuses a JSON file whose first record is over the byte limit with 413, and formats it does not read with 415', async () => {
    const big = serve('/big.json', JSON.stringify([{ id: 1, note: SECRET.repeat(10_000) }, { id: 2 }]));
    const pdf = serve('/report.pdf', '%PDF-1.4', 'application/pdf');
    const id = await freeOffer('Too much', [
      { accessUrl: big, format: 'json', mimeType: 'application/json' },
      { accessUrl: pdf, format: 'pdf', mimeType: 'application/pdf' },
    ]);
    const tooLarge = await preview(id, 0);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(tooLarge.body.message).toBe('Not even the first row fits in the bytes a preview reads');
    expect(JSON.stringify(tooLarge.body)).not.toContain(SECRET);
    const unsupported = await preview(id, 1);
    expect(unsupported.status).toBe(415);
    expect(unsupported.body.message).toContain('CSV, TSV, JSON, GeoJSON and XLSX');
    expect(hits.get('/report.pdf') ?? 0).toBe(0);
  });

  it('answers 502 without the fetched body when the source fails or holds something else', async () => {
    const broken = serve('/broken.json', `{"data": [ ${SECRET}`, 'application/json');
    const id = await freeOffer('Broken', [
      { accessUrl: `${sourceUrl}/gone.csv`, format: 'csv' },
      { accessUrl: broken, format: 'json', mimeType: 'application/json' },
      { accessUrl: 'http://127.0.0.1:1/closed.csv', format: 'csv' },
    ]);
    const gone = await preview(id, 0);
    expect(gone.status).toBe(502);
    expect(gone.body.message).toBe('The endpoint answered with HTTP status 404');
    const unparseable = await preview(id, 1);
    expect(unparseable.status).toBe(502);
    expect(unparseable.body.message).toBe('The file is not valid JSON');
    expect(JSON.stringify(unparseable.body)).not.toContain(SECRET);
    const offline = await preview(id, 2);
    expect(offline.status).toBe(502);
    expect(offline.body.message).toBe('The endpoint could not be reached');
  });

  it('asks the source once for the same URL, also when several people open the page at once', async () => {
    const url = serve('/cached.csv', csvRows(3), 'text/csv');
    const first = await freeOffer('Cached one', [{ accessUrl: url, format: 'csv' }]);
    const second = await freeOffer('Cached two', [{ accessUrl: url, format: 'csv' }]);
    const answers = await Promise.all([preview(first, 0), preview(first, 0), preview(second, 0)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const again = await preview(second, 0, supplier);
    expect(again.body.rows).toEqual(answers[0]!.body.rows);
    expect(again.body.fetchedAt).toBe(answers[0]!.body.fetchedAt);
    expect(again.body.distributionId).toBe(`${second}/distribution/0`);
    expect(hits.get('/cached.csv')).toBe(1);
  });

  it('answers 404 for an endpoint the offer lacks and 400 for a malformed one', async () => {
    const id = await freeOffer('One endpoint', [{ accessUrl: serve('/one.csv', 'a\n1\n'), format: 'csv' }]);
    const missing = await preview(id, 3);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('no endpoint 3');
    const malformed = await requestAs<TErrorResponse>(
      testApp,
      visitor,
      'GET',
      `/api/metadata/${id}/preview?endpoint=first`,
    );
    expect(malformed.status).toBe(400);
    const noOffer = await preview('00000000-0000-4000-8000-000000000000', 0);
    expect(noOffer.status).toBe(404);
  });
});

describe('previews of a paid offer', () => {
  let paidId: string;
  const sampleUrl = () => `${sourceUrl}/paid-sample.csv`;
  const fullUrl = () => `${sourceUrl}/paid-full.csv`;

  beforeAll(async () => {
    serve('/paid-sample.csv', csvRows(5), 'text/csv');
    serve('/paid-full.csv', csvRows(500), 'text/csv');
    paidId = await publish(
      makeOfferInput('Paid readings', {
        endpoints: [
          { accessUrl: fullUrl(), format: 'csv', endpointTitle: 'Everything' },
          { accessUrl: sampleUrl(), format: 'csv', endpointTitle: 'Sample', isPublicSample: true },
        ],
      }),
    );
  });

  it('previews only the public sample for someone who has not bought it, and says why not the rest', async () => {
    const locked = await preview(paidId, 0);
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('FORBIDDEN');
    expect(locked.body.message).toContain('after purchase');
    expect(hits.get('/paid-full.csv') ?? 0).toBe(0);
    const sample = await preview(paidId, 1);
    expect(sample.status).toBe(200);
    expect(sample.body.rows).toHaveLength(5);
  });

  it('tells the details page which endpoint is the sample, and keeps its link withheld', async () => {
    const item = await requestAs<{ datasets: { 'dcat:distribution': Record<string, unknown>[] }[] }>(
      testApp,
      visitor,
      'GET',
      `/api/metadata/${paidId}`,
    );
    const distributions = item.body.datasets[0]!['dcat:distribution'];
    expect(distributions.map((distribution) => distribution.isPublicSample)).toEqual([false, true]);
    expect(distributions.map((distribution) => distribution['dcat:accessURL'])).toEqual([null, null]);
    const own = await requestAs<TOwnOfferDetails>(testApp, supplier, 'GET', `/api/offers/${paidId}`);
    expect(own.body.input.endpoints.map((endpoint) => endpoint.isPublicSample)).toEqual([false, true]);
  });

  it('previews every endpoint for the supplier and for a buyer after the purchase', async () => {
    const bySupplier = await preview(paidId, 0, supplier);
    expect(bySupplier.status).toBe(200);
    expect(bySupplier.body.rows).toHaveLength(100);

    const buyer = await signIn(testApp, { email: 'preview-buyer@example.org', name: 'Paying Buyer' });
    expect((await preview(paidId, 0, buyer)).status).toBe(403);
    const order = await checkOutPublished(testApp, buyer, [paidId]);
    expect(order.status).toBe(201);
    const byBuyer = await preview(paidId, 0, buyer);
    expect(byBuyer.status).toBe(200);
    expect(byBuyer.body.rows).toHaveLength(100);
  });
});

describe('preview sources and the address policy', () => {
  const closedApp = useTestApp({ PREVIEW_ALLOWED_HOSTS: '' });

  beforeAll(async () => {
    await seedLicences(closedApp.database.db);
  });

  it('refuses a source on a loopback address unless PREVIEW_ALLOWED_HOSTS names it, and never asks it', async () => {
    const owner = await signIn(closedApp, { email: 'closed-supplier@example.org' });
    const url = serve('/internal.csv', csvRows(2), 'text/csv');
    const created = await request<TOwnOfferDetails>(
      closedApp.baseUrl,
      'POST',
      '/api/offers',
      makeOfferInput('Internal', {
        pricingOption: 'FREE',
        endpoints: [{ accessUrl: url, format: 'csv' }],
        licensingInfo: { paymentType: 'FREE_OF_CHARGE', price: 0, priceUnit: '' },
      }),
      owner.headers,
    );
    expect(created.status).toBe(201);
    const response = await requestAs<TErrorResponse>(
      closedApp,
      owner,
      'GET',
      `/api/metadata/${created.body['@id']}/preview?endpoint=0`,
    );
    expect(response.status).toBe(502);
    expect(response.body.message).toContain('not a public one');
    expect(response.body.message).toContain('PREVIEW_ALLOWED_HOSTS');
    expect(hits.get('/internal.csv') ?? 0).toBe(0);
  });
});
