import type { TPreview, TPreviewFormat } from '@dsm/contracts';
import { checkZipSize } from './check-zip-size';
import { readDelimited } from './read-delimited';
import { readJson } from './read-json';
import { readWhole, type TSource } from './read-source';
import { readXlsx } from './read-xlsx';

/** A preview without the distribution it was asked for: one source may stand behind several distributions. */
export type TSourcePreview = Omit<TPreview, 'distributionId'>;

export type TPreviewOfSourceOptions = {
  format: TPreviewFormat;
  /** The most bytes a source read whole (XLSX) may have. */
  maxBytes: number;
  /** When the source was fetched, as an ISO timestamp. */
  fetchedAt: string;
};

/** An XLSX workbook may unzip to this many times the byte limit (sheet XML compresses about tenfold). */
export const XLSX_UNZIP_FACTOR = 20;
/** The most files an XLSX workbook may hold (a workbook of a few sheets holds a few dozen). */
export const XLSX_MAX_ENTRIES = 1000;

/**
 * Reads the first rows (or GeoJSON features) of an open source: delimited text and JSON as a stream up to the rows
 * shown, XLSX whole within the byte limit (a zip's directory is at its end), and only once it is known to unzip
 * to no more than XLSX_UNZIP_FACTOR times the byte limit.
 */
export async function previewOfSource(source: TSource, options: TPreviewOfSourceOptions): Promise<TSourcePreview> {
  const { fetchedAt } = options;
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
    return { kind: 'table', format: 'XLSX', ...(await readXlsx(bytes)), features: [], fetchedAt };
  }
  const read = await readJson(source);
  return read.kind === 'geojson'
    ? { kind: 'geojson', format: 'GeoJSON', ...read.table, features: read.features, fetchedAt }
    : { kind: 'table', format: 'JSON', ...read.table, features: [], fetchedAt };
}
