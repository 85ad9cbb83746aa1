import { PREVIEW_ROW_LIMIT, previewFormatOf } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { detectEncoding } from './decode-text';
import { guessColumnTypes, typeOfValue } from './guess-column-types';
import { createPreviewCache } from './preview-cache';
import { PreviewFailure } from './preview-failure';
import type { TSourcePreview } from './preview-of-source';
import { readDelimited, sniffDelimiter } from './read-delimited';
import { readJson } from './read-json';
import type { TSource } from './read-source';

const previewOf = (fetchedAt: string): Buffer => Buffer.from(JSON.stringify(sourcePreviewOf(fetchedAt)));
const fetchedAtOf = (json: Buffer): string => (JSON.parse(json.toString()) as TSourcePreview).fetchedAt;

const sourcePreviewOf = (fetchedAt: string): TSourcePreview => ({
  kind: 'table',
  format: 'CSV',
  columns: [],
  rows: [],
  features: [],
  truncated: false,
  totalRowsRead: 0,
  fetchedAt,
});

describe('sniffDelimiter', () => {
  it('picks the delimiter that splits every line alike', () => {
    expect(sniffDelimiter('a,b,c\n1,2,3\n4,5,6\n')).toBe(',');
    expect(sniffDelimiter('Ort;Fläche\nKöln;405,0\nBonn;141,1\n')).toBe(';');
    expect(sniffDelimiter('a\tb\n1\t2,5\n3\t4,5\n')).toBe('\t');
    expect(sniffDelimiter('a|b|c\n1|2|3\n')).toBe('|');
  });

  it('skips delimiters inside quotes', () => {
    expect(sniffDelimiter('name;note\n"Smith, J.";"a, b, c"\n"Doe, A.";"d, e"\n')).toBe(';');
  });

  it('takes the preferred one on a tie, and the comma for a single column', () => {
    expect(sniffDelimiter('a\tb,c\n1\t2,3\n', '\t')).toBe('\t');
    expect(sniffDelimiter('only\n1\n2\n')).toBe(',');
  });
});

describe('guessColumnTypes', () => {
  it('guesses integers, numbers, booleans, dates and text, ignoring empty cells', () => {
    const rows = [
      ['1', '1.5', 'true', '2024-02-29', 'x', ''],
      ['2', '3', 'FALSE', '01.03.2024', 'y', ''],
      ['', '2,25', '', '2024-03-01T10:00:00Z', '3', null],
    ];
    expect(guessColumnTypes(6, rows)).toEqual(['integer', 'number', 'boolean', 'date', 'text', 'text']);
  });

  it('keeps leading zeros and impossible dates as text', () => {
    expect(typeOfValue('04109')).toBe('text');
    expect(typeOfValue('2023-02-29')).toBe('text');
    expect(typeOfValue(0)).toBe('integer');
    expect(typeOfValue(0.5)).toBe('number');
  });
});

describe('detectEncoding', () => {
  it('reads byte order marks, valid UTF-8, and falls back to Windows-1252', () => {
    expect(detectEncoding(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]))).toBe('utf-8');
    expect(detectEncoding(Buffer.from('Fläche', 'utf8'))).toBe('utf-8');
    expect(detectEncoding(Buffer.from('Fläche', 'latin1'))).toBe('windows-1252');
    // A multi-byte character cut at the end of the sample is no reason to give up on UTF-8.
    expect(detectEncoding(Buffer.from('Fläche', 'utf8').subarray(0, 3))).toBe('utf-8');
  });
});

describe('previewFormatOf', () => {
  it('reads the format, then the media type, then the ending of the URL', () => {
    expect(previewFormatOf({ format: 'CSV', mediaType: null, accessUrl: null })).toBe('CSV');
    expect(
      previewFormatOf({
        format: 'http://publications.europa.eu/resource/authority/file-type/GEOJSON',
        mediaType: null,
        accessUrl: null,
      }),
    ).toBe('GeoJSON');
    expect(previewFormatOf({ format: null, mediaType: 'text/csv; charset=utf-8', accessUrl: null })).toBe('CSV');
    expect(
      previewFormatOf({ format: null, mediaType: 'application/octet-stream', accessUrl: 'https://x.example/a.XLSX' }),
    ).toBe('XLSX');
    expect(previewFormatOf({ format: 'PDF', mediaType: null, accessUrl: 'https://x.example/a.csv' })).toBe(null);
    expect(previewFormatOf({ format: 'PDF', mediaType: 'application/pdf', accessUrl: 'https://x.example/a.pdf' })).toBe(
      null,
    );
  });
});

describe('createPreviewCache', () => {
  it('serves a preview until it expires, then reads the source again', async () => {
    let now = 1_000;
    let reads = 0;
    const cache = createPreviewCache({ ttlMs: 60_000, now: () => now });
    const read = async () => previewOf(`read ${++reads}`);
    expect(fetchedAtOf(await cache.get('k', read))).toBe('read 1');
    now += 59_000;
    expect(fetchedAtOf(await cache.get('k', read))).toBe('read 1');
    now += 2_000;
    expect(fetchedAtOf(await cache.get('k', read))).toBe('read 2');
  });

  it('shares one reading between callers that ask at once, and keeps no failure', async () => {
    let reads = 0;
    const cache = createPreviewCache({ ttlMs: 60_000, now: () => 0 });
    let release: (preview: Buffer) => void = () => {};
    const slow = () => {
      reads++;
      return new Promise<Buffer>((done) => {
        release = done;
      });
    };
    const both = Promise.all([cache.get('k', slow), cache.get('k', slow)]);
    release(previewOf('once'));
    expect((await both).map(fetchedAtOf)).toEqual(['once', 'once']);
    expect(reads).toBe(1);

    await expect(cache.get('bad', () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(fetchedAtOf(await cache.get('bad', async () => previewOf('later')))).toBe('later');
  });
});

describe('readDelimited', () => {
  /** A source that yields these chunks, then fails with `failure` when given. */
  const sourceOf = (chunks: string[], failure?: Error): TSource => ({
    contentLength: null,
    chunks: (async function* () {
      for (const chunk of chunks) yield Buffer.from(chunk);
      if (failure) throw failure;
    })(),
    hitLimit: false,
    close() {},
  });

  it("fails with the source's failure when the source breaks off after the first rows", async () => {
    const timeout = new PreviewFailure('timeout', 'The endpoint did not answer within 100 ms');
    // Past the bytes the delimiter is sniffed from, so the failure reaches the running parser.
    const first = `a,b\n1,${'x'.repeat(70_000)}`;
    await expect(readDelimited(sourceOf([first], timeout), { isTsv: false })).rejects.toBe(timeout);
  });

  it('stops parsing at the rows it shows and still tells that there are more, however broken the rest', async () => {
    // All of it in one chunk, as a fast endpoint's first 64 KB come: the parser ends after the rows shown (and
    // the one that tells there are more) instead of parsing the whole chunk, and never meets the open quote.
    const lines = ['station,reading'];
    for (let i = 0; i < 600; i++) lines.push(i === 400 ? `S${i},"12` : `S${i},${i}`);
    const table = await readDelimited(sourceOf([lines.join('\n')]), { isTsv: false });
    expect(table.rows).toHaveLength(PREVIEW_ROW_LIMIT);
    expect(table.rows.at(-1)).toEqual([`S${PREVIEW_ROW_LIMIT - 1}`, String(PREVIEW_ROW_LIMIT - 1)]);
    expect(table.truncated).toBe(true);
  });

  it('reads rows that span chunks', async () => {
    const table = await readDelimited(sourceOf(['na', 'me,"va', 'lue"\nx,"y\nz"\n']), { isTsv: false });
    expect(table.columns.map((column) => column.name)).toEqual(['name', 'value']);
    expect(table.rows).toEqual([['x', 'y\nz']]);
  });
});

describe('readJson', () => {
  /** A source whose chunks are all there at once, as a fast endpoint's are: reading them needs no event-loop turn. */
  const bufferedSource = (text: string, chunkChars: number): TSource => ({
    contentLength: null,
    chunks: (async function* () {
      for (let at = 0; at < text.length; at += chunkChars) yield Buffer.from(text.slice(at, at + chunkChars));
    })(),
    hitLimit: false,
    close() {},
  });

  it('lets the event loop turn while a large GeoJSON is parsed (it parsed every buffered chunk in one turn)', async () => {
    const ring = Array.from({ length: 2000 }, (_, p) => [13.4 + p / 1e5, 52.5 + p / 1e5]);
    const feature = (id: number) =>
      JSON.stringify({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { id } });
    const text = `{"type":"FeatureCollection","features":[${Array.from({ length: 20 }, (_, i) => feature(i)).join(',')}]}`;
    let turns = 0;
    let isReading = true;
    const countTurns = () => {
      turns++;
      if (isReading) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const preview = await readJson(bufferedSource(text, 128 * 1024));
    isReading = false;
    expect(preview.kind).toBe('geojson');
    expect(preview.kind === 'geojson' && preview.features.map((one) => one.properties?.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
    // About 1 MB in pieces of 8 KB with a turn after each 10 ms of parsing (how many depends on the machine's
    // speed); in one piece per chunk there was no turn at all.
    expect(turns).toBeGreaterThanOrEqual(1);
  });
});
