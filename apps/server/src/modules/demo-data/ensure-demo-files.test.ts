import { mkdtemp, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOffer } from '../../test/factories';
import { generateOffers } from '../catalogue/generate-offers';
import { JUDGED_OFFERS } from '../search/evaluation/judged-corpus';
import { DEMO_DATA_VERSION, DEMO_FILE_LIST, demoFilesDir, ensureDemoFiles, type TDemoFiles } from './ensure-demo-files';
import { pointOfferAtDemoFiles } from './point-offer-at-demo-files';

let dataDir: string;
let demo: TDemoFiles;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dsm-demo-files-'));
  demo = await ensureDemoFiles({ dataDir });
}, 60_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const fileOf = (name: string) => demo.files.find((file) => file.name === name)!;
const read = (name: string) => readFile(path.join(demo.dir, name), 'utf8');

describe('demo files', () => {
  it('writes eight kinds in four formats, each of realistic size, with its size and media type listed', async () => {
    expect(demo.files).toHaveLength(32);
    expect(new Set(demo.files.map((file) => file.format))).toEqual(new Set(['CSV', 'JSON', 'GeoJSON', 'XLSX']));
    for (const file of demo.files) {
      expect((await stat(path.join(demo.dir, file.name))).size).toBe(file.byteSize);
      expect(file.byteSize).toBeGreaterThan(20 * 1024);
      expect(file.byteSize).toBeLessThan(12 * 1024 * 1024);
    }
    expect(fileOf('bus-stops.geojson').mediaType).toBe('application/geo+json');
  });

  it('writes readable content: a CSV with a header, JSON records, GeoJSON points in Germany, a spreadsheet', async () => {
    const csv = (await read('air-quality-measurements.csv')).split('\r\n');
    expect(csv[0]).toBe(
      'station_code,station_name,city,latitude,longitude,measured_at,no2_ug_m3,pm10_ug_m3,pm2_5_ug_m3,o3_ug_m3',
    );
    expect(csv[1]).toMatch(/^DE\d{5},[^,]+,Berlin,52\.\d+,13\.\d+,2026-09-\d\dT\d\d:00:00Z,[\d.]+,/);

    const schools = JSON.parse(await read('schools.json')) as Record<string, unknown>[];
    expect(schools[0]).toMatchObject({ city: 'Berlin', school_type: expect.any(String), pupils: expect.any(Number) });

    const stops = JSON.parse(await read('bus-stops.geojson')) as {
      type: string;
      features: { geometry: { type: string; coordinates: [number, number] }; properties: Record<string, unknown> }[];
    };
    expect(stops.type).toBe('FeatureCollection');
    expect(stops.features.length).toBeGreaterThan(1000);
    for (const feature of stops.features) {
      const [lon, lat] = feature.geometry.coordinates;
      // Germany's bounding box.
      expect(lat).toBeGreaterThan(47.2);
      expect(lat).toBeLessThan(55.1);
      expect(lon).toBeGreaterThan(5.8);
      expect(lon).toBeLessThan(15.1);
    }
    expect(stops.features[0]!.properties).not.toHaveProperty('latitude');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(demo.dir, 'municipal-budget.xlsx'));
    const sheet = workbook.getWorksheet('Haushalt')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('municipality_key');
    expect(sheet.getRow(2).getCell(2).value).toBe('Berlin');
    expect(typeof sheet.getRow(2).getCell(11).value).toBe('number');
    // The same rows as the CSV: its header and one line per row, ended by a line break.
    expect(sheet.rowCount).toBe((await read('municipal-budget.csv')).split('\r\n').length - 1);
  }, 30_000);

  it('generates the same content in another folder (deterministic)', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'dsm-demo-files-'));
    try {
      const again = await ensureDemoFiles({ dataDir: other });
      expect(again.files).toEqual(demo.files);
      for (const name of ['traffic-counts.csv', 'weather-observations.json', 'ev-charging-stations.geojson']) {
        expect(await readFile(path.join(again.dir, name), 'utf8')).toBe(await read(name));
      }
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps the files on the next start, and writes them again when one is missing or the version changed', async () => {
    const mtimeOf = async () => (await stat(path.join(demoFilesDir(dataDir), 'schools.csv'))).mtimeMs;
    const first = await mtimeOf();
    await ensureDemoFiles({ dataDir });
    expect(await mtimeOf()).toBe(first);

    await unlink(path.join(demo.dir, 'bus-stops.xlsx'));
    const lines: string[] = [];
    demo = await ensureDemoFiles({ dataDir, log: (line) => lines.push(line) });
    expect((await stat(path.join(demo.dir, 'bus-stops.xlsx'))).size).toBe(fileOf('bus-stops.xlsx').byteSize);
    expect(lines).toEqual([expect.stringMatching(/^Generated 32 demo data files \([\d.]+ MB\) in \d+ ms$/)]);

    const manifest = path.join(dataDir, 'demo-data', 'manifest.json');
    const listed = JSON.parse(await readFile(manifest, 'utf8')) as { version: number };
    await writeFile(manifest, JSON.stringify({ ...listed, version: DEMO_DATA_VERSION - 1 }));
    const before = await mtimeOf();
    await ensureDemoFiles({ dataDir });
    expect(await mtimeOf()).not.toBe(before);
    expect(JSON.parse(await readFile(manifest, 'utf8')).version).toBe(DEMO_DATA_VERSION);
  }, 60_000);
});

describe('pointOfferAtDemoFiles', () => {
  it('points every endpoint at a demo file of its format, or of a format the dataset has no file in yet', () => {
    const offer = makeOffer({ byteSizes: [null, null, null] });
    offer.categories = ['TRANSPORT'];
    const formats = ['CSV', 'PDF', 'CSV'];
    offer.datasets[0]!.distributions = offer.datasets[0]!.distributions.map((distribution, index) => ({
      ...distribution,
      format: formats[index]!,
      mediaType: null,
      accessUrl: `https://opendata.example.org/${index}`,
    }));
    const pointed = pointOfferAtDemoFiles(offer, demo.files, 'http://localhost:8080/');
    const distributions = pointed.datasets[0]!.distributions;
    expect(distributions.map((distribution) => distribution.format)).toEqual(['CSV', 'JSON', 'GeoJSON']);
    for (const distribution of distributions) {
      const name = distribution.accessUrl!.replace('http://localhost:8080/demo-data/', '');
      const file = fileOf(name);
      expect(['bus-stops', 'traffic-counts', 'ev-charging-stations']).toContain(file.kind);
      expect(distribution).toMatchObject({ mediaType: file.mediaType, byteSize: file.byteSize, format: file.format });
    }
  });
});

describe('the seeded demo catalogue', () => {
  /** Format names a description may mention, as the generator and the judged offers write them. */
  const FORMAT_WORDS = ['CSV', 'JSON', 'GeoJSON', 'XLSX', 'XML', 'PDF', 'ZIP', 'SHP', 'GML', 'WMS', 'Parquet', 'TXT'];

  it('describes each offer with the formats of the files its endpoints serve', () => {
    const offers = [...JUDGED_OFFERS, ...generateOffers({ count: 2000 })].map((offer) =>
      pointOfferAtDemoFiles(offer, DEMO_FILE_LIST, 'http://localhost:8080'),
    );
    const mismatched = offers.flatMap((offer) => {
      const served = new Set(offer.datasets.flatMap((dataset) => dataset.distributions.map((item) => item.format)));
      const named = FORMAT_WORDS.filter((word) => new RegExp(`\\b${word}\\b`).test(offer.description));
      const wrong = named.filter((word) => !served.has(word));
      return wrong.length > 0 ? [`${offer.id}: names ${wrong.join(', ')}, serves ${[...served].join(', ')}`] : [];
    });
    expect(mismatched).toEqual([]);
  });
});
