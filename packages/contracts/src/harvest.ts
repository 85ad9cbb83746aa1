import { z } from 'zod';
import { CATALOG_FORMATS, type TCatalogFormat } from './catalog-export';
import { endpointGroup } from './endpoint';

const catalogApi = endpointGroup('catalog');
const harvestApi = endpointGroup('harvest');

/**
 * Formats a harvest source can have. `ckan-api`: a CKAN portal's `package_search`, paged;
 * `ckan-jsonl`: a dump with one CKAN package per line (gzip allowed); `dcat-us`: a DCAT-US / Project
 * Open Data `data.json` (1.1, or the older Socrata style: a bare array of datasets); `dcat-turtle`,
 * `dcat-rdfxml`, `dcat-jsonld`: DCAT-AP in RDF, following hydra `next` pages.
 */
export const HARVEST_FORMATS = [
  'ckan-api',
  'ckan-jsonl',
  'dcat-us',
  'dcat-turtle',
  'dcat-rdfxml',
  'dcat-jsonld',
] as const;
export const ZHarvestFormat = z.enum(HARVEST_FORMATS);
export type THarvestFormat = z.infer<typeof ZHarvestFormat>;

/** What one run did, record by record. */
export const ZHarvestCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Records gone from the source since the last run, now soft-deleted. */
  removed: z.number().int(),
  /** Records skipped with a logged reason (unreadable, no identifier or title, refused by the database). */
  failed: z.number().int(),
  /** Records repeated inside the source with the same identifier and the same content: kept once. */
  duplicates: z.number().int(),
  /**
   * Records sharing an identifier with an earlier record of the source but differing in content: each is
   * kept as an offer of its own under a derived identifier (`<identifier>#t-<title hash>`, or
   * `#c-<content hash>` when the title repeats too), counted here once per run.
   */
  identifierCollisions: z.number().int(),
});
export type THarvestCounts = z.infer<typeof ZHarvestCounts>;

/** A harvest source as operators see it. */
export const ZHarvestSource = z.object({
  id: z.string(),
  name: z.string(),
  /** An http(s) URL, or a file path on the server. */
  location: z.string(),
  format: ZHarvestFormat,
  /** Cron expression of scheduled runs; null runs only on demand. */
  schedule: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  /** 'succeeded', 'failed' or 'running'; null before the first run. */
  lastStatus: z.string().nullable(),
  lastCounts: ZHarvestCounts.nullable(),
  lastError: z.string().nullable(),
});
export type THarvestSource = z.infer<typeof ZHarvestSource>;

/** Five fields of a cron expression (minute hour day month weekday). */
const ZCron = z
  .string()
  .trim()
  .regex(/^(\S+\s+){4}\S+$/, 'must be a cron expression of five fields');

/** `POST /api/harvest/sources`: registers a source. */
export const ZHarvestSourceCreateRequest = z
  .object({
    name: z.string().trim().min(1, 'is required').max(200, 'is too long'),
    location: z.string().trim().min(1, 'is required').max(2000, 'is too long'),
    format: ZHarvestFormat,
    schedule: ZCron.nullable().optional(),
  })
  .strict();
export type THarvestSourceCreateRequest = z.infer<typeof ZHarvestSourceCreateRequest>;

export const ZHarvestSourceParams = z.object({ id: z.guid({ message: 'must be a UUID' }) });

export const ZHarvestSourceListResponse = z.array(ZHarvestSource);

/** The answer to `POST /api/harvest/sources/{id}/run`: the finished run. */
export const ZHarvestRunResponse = z.object({
  runId: z.string(),
  status: z.enum(['succeeded', 'failed']),
  counts: ZHarvestCounts,
  error: z.string().nullable(),
});
export type THarvestRunResponse = z.infer<typeof ZHarvestRunResponse>;

export { CATALOG_FORMATS, CATALOG_MEDIA_TYPES, catalogOfferPath, type TCatalogFormat } from './catalog-export';

/** `?format=` of the DCAT-AP export: when given, it wins over the Accept header (for plain links). */
const ZCatalogFormat = z
  .enum(Object.keys(CATALOG_FORMATS) as [TCatalogFormat, ...TCatalogFormat[]], {
    message: `format must be one of ${Object.keys(CATALOG_FORMATS).join(', ')}`,
  })
  .optional();

/** `GET /api/catalog`: one page of the catalogue as DCAT-AP. */
export const ZCatalogQuerystring = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  format: ZCatalogFormat,
});
export type TCatalogQuerystring = z.infer<typeof ZCatalogQuerystring>;

/** `GET /api/catalog/:id`: one offer as DCAT-AP. */
export const ZCatalogOfferQuerystring = z.object({ format: ZCatalogFormat });

export const ZCatalogParams = z.object({ id: z.guid({ message: 'must be a UUID' }) });

/** A DCAT-AP document in the API document: its form depends on the serialisation chosen. */
const ZDcatDocument = z
  .unknown()
  .describe('DCAT-AP as JSON-LD (application/ld+json), Turtle (text/turtle) or RDF/XML (application/rdf+xml)');

export const catalogEndpoint = catalogApi('GET /api/catalog', {
  query: ZCatalogQuerystring,
  answer: ZDcatDocument,
  summary: 'The catalogue as DCAT-AP, paged with hydra',
  description:
    "A paid offer's distributions name the offer's marketplace page as `dcat:accessURL` (with `dsm:accessRestricted true`) unless the caller supplies the offer or holds an active entitlement to it.",
  errors: [400],
});

export const catalogOfferEndpoint = catalogApi('GET /api/catalog/:id', {
  params: ZCatalogParams,
  query: ZCatalogOfferQuerystring,
  answer: ZDcatDocument,
  summary: 'One offer as a DCAT-AP dataset',
  description:
    "`?format=jsonld|turtle|rdfxml` picks the serialisation (a plain link can send no Accept header); without it the Accept header decides. A paid offer's distributions name the offer's marketplace page as `dcat:accessURL` (with `dsm:accessRestricted true`) unless the caller supplies the offer or holds an active entitlement to it.",
  errors: [400, 404],
});

export const listHarvestSourcesEndpoint = harvestApi('GET /api/harvest/sources', {
  answer: ZHarvestSourceListResponse,
  summary: 'Harvest sources with their last run',
  errors: [400, 401, 403],
});

export const addHarvestSourceEndpoint = harvestApi('POST /api/harvest/sources', {
  body: ZHarvestSourceCreateRequest,
  answer: ZHarvestSource,
  status: 201,
  summary: 'Register a harvest source',
  errors: [400, 401, 403, 409],
});

export const removeHarvestSourceEndpoint = harvestApi('DELETE /api/harvest/sources/:id', {
  params: ZHarvestSourceParams,
  answer: z.null(),
  status: 204,
  summary: 'Remove a harvest source; its offers are soft-deleted',
  errors: [400, 401, 403, 404],
});

export const runHarvestSourceEndpoint = harvestApi('POST /api/harvest/sources/:id/run', {
  params: ZHarvestSourceParams,
  answer: ZHarvestRunResponse,
  summary: 'Harvest a source now',
  description:
    'A worker process (ROLE=worker or all) runs it; answers when the run has finished, and a failed run is resumed by the next one. 503 when the worker stopped before the run finished.',
  errors: [400, 401, 403, 404, 503],
});
