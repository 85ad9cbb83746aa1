import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { ZOfferId } from './metadata';

const metadataApi = endpointGroup('metadata');

/** At most this many rows (or GeoJSON features) a preview shows. */
export const PREVIEW_ROW_LIMIT = 100;

/**
 * What a preview can read, by the distribution's format, else its media type, else the ending of its
 * access URL. `table`: CSV, TSV and other delimited text, JSON arrays of objects, XLSX; `geojson`:
 * GeoJSON feature collections, shown on a map and as a table of their properties.
 */
export const PREVIEW_KINDS = ['table', 'geojson'] as const;
export type TPreviewKind = (typeof PREVIEW_KINDS)[number];

/** The type a column's values were guessed to have; `text` when they mix or nothing else fits. */
export const PREVIEW_COLUMN_TYPES = ['integer', 'number', 'boolean', 'date', 'text'] as const;
export type TPreviewColumnType = (typeof PREVIEW_COLUMN_TYPES)[number];

export const ZPreviewColumn = z.object({
  name: z.string(),
  type: z.enum(PREVIEW_COLUMN_TYPES),
});
export type TPreviewColumn = z.infer<typeof ZPreviewColumn>;

/** One cell as the source had it: text from CSV, TSV and XLSX text cells, numbers and booleans from JSON and XLSX. */
export const ZPreviewCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type TPreviewCell = z.infer<typeof ZPreviewCell>;

/** One GeoJSON feature as the source had it; the map draws its geometry. */
export const ZPreviewFeature = z.object({
  type: z.literal('Feature'),
  geometry: z.record(z.string(), z.unknown()).nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
});
export type TPreviewFeature = z.infer<typeof ZPreviewFeature>;

/** `GET /api/metadata/{id}/preview?endpoint=n`: the first rows of one endpoint's data. */
export const ZPreview = z.object({
  kind: z.enum(PREVIEW_KINDS),
  /** The distribution previewed. */
  distributionId: z.string(),
  /** What was read: 'CSV', 'TSV', 'JSON', 'GeoJSON' or 'XLSX'. */
  format: z.string(),
  columns: z.array(ZPreviewColumn),
  /** Up to PREVIEW_ROW_LIMIT rows, each with one cell per column, in column order. */
  rows: z.array(z.array(ZPreviewCell)),
  /** Up to PREVIEW_ROW_LIMIT features (GeoJSON only; empty for tables); `rows` holds their properties. */
  features: z.array(ZPreviewFeature),
  /** True when the source holds more rows than shown. */
  truncated: z.boolean(),
  /** Rows (or features) read from the source, a few past the shown ones when it holds more. */
  totalRowsRead: z.number().int(),
  /** ISO 8601 time the source was read; a cached preview keeps the time of its reading. */
  fetchedAt: z.string(),
});
export type TPreview = z.infer<typeof ZPreview>;

/** How a preview reads a source: delimited text, JSON (a list of records, or GeoJSON), or an Excel workbook. */
export type TPreviewFormat = 'CSV' | 'TSV' | 'JSON' | 'GeoJSON' | 'XLSX';

const BY_FORMAT: Record<string, TPreviewFormat> = {
  csv: 'CSV',
  tsv: 'TSV',
  tab: 'TSV',
  json: 'JSON',
  geojson: 'GeoJSON',
  xlsx: 'XLSX',
};

const BY_MEDIA_TYPE: Record<string, TPreviewFormat> = {
  'text/csv': 'CSV',
  'application/csv': 'CSV',
  'text/tab-separated-values': 'TSV',
  'application/json': 'JSON',
  'text/json': 'JSON',
  'application/geo+json': 'GeoJSON',
  'application/vnd.geo+json': 'GeoJSON',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
};

/** The last word of a format written as a URI (the EU file-type authority's `.../file-type/CSV`). */
const lastWord = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[/#]+$/, '')
    .split(/[/#]/)
    .pop() ?? '';

/** Media types that say nothing about the content: the URL's ending decides then. */
const GENERIC_MEDIA_TYPES = new Set(['application/octet-stream', 'binary/octet-stream', 'application/download']);

/**
 * How to read a distribution: by its format, else its media type; only when neither says anything (none given,
 * or a generic `application/octet-stream`) by the ending of its access URL (`.csv`, `.tsv`, `.json`, `.geojson`,
 * `.xlsx`). Null when the preview reads none of them: a distribution declared as PDF is not read as CSV because
 * its URL ends in `.csv`.
 */
export function previewFormatOf(distribution: {
  format: string | null;
  mediaType: string | null;
  accessUrl: string | null;
}): TPreviewFormat | null {
  const format = distribution.format?.trim() ? BY_FORMAT[lastWord(distribution.format)] : undefined;
  if (format) return format;
  const mediaType = distribution.mediaType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const byMediaType = mediaType ? (BY_MEDIA_TYPE[mediaType] ?? BY_MEDIA_TYPE[lastWord(mediaType)]) : undefined;
  if (byMediaType) return byMediaType;
  const isDeclared = Boolean(distribution.format?.trim()) || (mediaType !== '' && !GENERIC_MEDIA_TYPES.has(mediaType));
  if (isDeclared || !distribution.accessUrl) return null;
  try {
    const extension = new URL(distribution.accessUrl).pathname.toLowerCase().match(/\.([a-z]+)$/)?.[1];
    return extension ? (BY_FORMAT[extension] ?? null) : null;
  } catch {
    return null;
  }
}

/** Path parameter of the preview. */
export const ZPreviewParams = z.object({ id: ZOfferId });

/** Query of the preview: which endpoint, by its place in the offer's endpoint list (0 is the first). */
export const ZPreviewQuerystring = z.object({
  endpoint: z.coerce
    .number({ message: 'endpoint must be a whole number' })
    .int('endpoint must be a whole number')
    .min(0, 'endpoint must be 0 or more')
    .max(999, 'endpoint must be below 1000')
    .default(0),
});
export type TPreviewQuerystring = z.infer<typeof ZPreviewQuerystring>;

/** The path of one endpoint's preview. */
export const previewPath = (offerId: string, endpoint: number): string =>
  `/api/metadata/${encodeURIComponent(offerId)}/preview?endpoint=${endpoint}`;

/**
 * Whether a viewer may preview an endpoint: everyone an endpoint of a free offer, a paid offer's
 * supplier and entitled buyers every endpoint (`isAccessRestricted` false), and everyone else only
 * the endpoints the supplier marked as a public sample.
 */
export function mayPreview(distribution: { isAccessRestricted: boolean; isPublicSample: boolean }): boolean {
  return !distribution.isAccessRestricted || distribution.isPublicSample;
}

export const previewEndpoint = metadataApi('GET /api/metadata/:id/preview', {
  params: ZPreviewParams,
  query: ZPreviewQuerystring,
  answer: ZPreview,
  summary: "The first rows of one endpoint's data: CSV, TSV, JSON, GeoJSON or XLSX",
  description:
    "Reads the endpoint's access URL on the server (the outbound address policy, PREVIEW_ALLOWED_HOSTS, at most PREVIEW_MAX_BYTES) and answers its first 100 rows or GeoJSON features with column names and guessed types; cached per source for PREVIEW_CACHE_MINUTES. A paid offer's endpoints are previewed for its supplier and entitled buyers; everyone else previews only those the supplier marked as a public sample (403 for the others). 415: a format the preview does not read; 413: a JSON, GeoJSON or XLSX file over the byte limit; 502: the source could not be reached, answered with an error or held something other than its format; 504: it did not answer in time.",
  errors: [400, 403, 404, 413, 415, 502, 504],
});
