import type { TPreviewFormat } from '@dsm/contracts';
import type { TOutboundPolicy } from '../../lib/outbound/outbound-policy';
import type { TSourcePreview } from './preview-cache';
import { readDelimited } from './read-delimited';
import { readJson } from './read-json';
import { openSource, readWhole } from './read-source';
import { readXlsx } from './read-xlsx';

export type TReadPreviewOptions = {
  policy: TOutboundPolicy;
  url: string;
  format: TPreviewFormat;
  maxBytes: number;
  timeoutMs: number;
  now: () => Date;
};

/**
 * Reads the first rows (or GeoJSON features) of one source: delimited text as a stream up to the rows shown,
 * JSON and XLSX whole within the byte limit (their structure is only known at the end).
 */
export async function readPreview(options: TReadPreviewOptions): Promise<TSourcePreview> {
  const source = await openSource(options);
  const fetchedAt = options.now().toISOString();
  if (options.format === 'CSV' || options.format === 'TSV') {
    const table = await readDelimited(source, { isTsv: options.format === 'TSV' });
    return { kind: 'table', format: options.format, ...table, features: [], fetchedAt };
  }
  const bytes = await readWhole(source, options.maxBytes);
  if (options.format === 'XLSX') {
    return { kind: 'table', format: 'XLSX', ...(await readXlsx(bytes)), features: [], fetchedAt };
  }
  const read = readJson(bytes);
  return read.kind === 'geojson'
    ? { kind: 'geojson', format: 'GeoJSON', ...read.table, features: read.features, fetchedAt }
    : { kind: 'table', format: 'JSON', ...read.table, features: [], fetchedAt };
}
