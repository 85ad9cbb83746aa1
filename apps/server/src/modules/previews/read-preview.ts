import type { TPreviewFormat } from '@dsm/contracts';
import type { TOutboundPolicy } from '../../lib/outbound/outbound-policy';
import { checkZipSize } from './check-zip-size';
import type { TSourcePreview } from './preview-cache';
import { readDelimited } from './read-delimited';
import { readJson } from './read-json';
import { openSource, readWhole } from './read-source';
import { readXlsxOnThread } from './read-xlsx-on-thread';

export type TReadPreviewOptions = {
  policy: TOutboundPolicy;
  url: string;
  format: TPreviewFormat;
  maxBytes: number;
  timeoutMs: number;
  now: () => Date;
};

/** An XLSX workbook may unzip to this many times the byte limit (sheet XML compresses about tenfold). */
export const XLSX_UNZIP_FACTOR = 20;
/** The most files an XLSX workbook may hold (a workbook of a few sheets holds a few dozen). */
export const XLSX_MAX_ENTRIES = 1000;

/**
 * Reads the first rows (or GeoJSON features) of one source: delimited text and JSON as a stream up to the rows
 * shown, XLSX whole within the byte limit (a zip's directory is at its end), and only once it is known to unzip
 * to no more than XLSX_UNZIP_FACTOR times the byte limit, on a thread of its own.
 */
export async function readPreview(options: TReadPreviewOptions): Promise<TSourcePreview> {
  const source = await openSource(options);
  const fetchedAt = options.now().toISOString();
  if (options.format === 'CSV' || options.format === 'TSV') {
    const table = await readDelimited(source, { isTsv: options.format === 'TSV' });
    return { kind: 'table', format: options.format, ...table, features: [], fetchedAt };
  }
  if (options.format === 'XLSX') {
    const bytes = await readWhole(source, options.maxBytes);
    await checkZipSize(bytes, {
      maxEntries: XLSX_MAX_ENTRIES,
      maxUncompressedBytes: options.maxBytes * XLSX_UNZIP_FACTOR,
    });
    return { kind: 'table', format: 'XLSX', ...(await readXlsxOnThread(bytes)), features: [], fetchedAt };
  }
  const read = await readJson(source);
  return read.kind === 'geojson'
    ? { kind: 'geojson', format: 'GeoJSON', ...read.table, features: read.features, fetchedAt }
    : { kind: 'table', format: 'JSON', ...read.table, features: [], fetchedAt };
}
