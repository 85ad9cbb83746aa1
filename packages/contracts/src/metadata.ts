import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { ZOffer } from './offer';

const metadataApi = endpointGroup('metadata');

/** At most this many ids in one `GET /api/metadata?batchIds=` call. */
export const MAX_BATCH_IDS = 100;

/** Page size of `GET /api/metadata` when the caller names none, and the most it may ask for. */
export const DEFAULT_METADATA_PAGE_LIMIT = 100;
export const MAX_METADATA_PAGE_LIMIT = 1000;

/** An offer id: the API's offers are identified by UUIDs. */
export const ZOfferId = z.guid({ message: 'must be a UUID' });

/**
 * Where an endpoint check stands. `pending`: never checked yet (a check has been asked for);
 * `online`: the access URL answered; `offline`: it did not, or it answered with an error; `missing`:
 * the distribution has no usable access URL ('N/A'), so there is nothing to check.
 */
export const ENDPOINT_STATUSES = ['pending', 'online', 'offline', 'missing'] as const;
export const ZEndpointStatus = z.enum(ENDPOINT_STATUSES);
export type TEndpointStatus = z.infer<typeof ZEndpointStatus>;

/**
 * Why a check found an endpoint offline, for the operator and the tooltip. HTTP errors carry the
 * status in `httpStatus` instead.
 */
export const ENDPOINT_FAILURES = [
  'http-error',
  'timeout',
  'dns',
  'connection',
  'too-many-redirects',
  'private-address',
  'unsupported-url',
] as const;
export const ZEndpointFailure = z.enum(ENDPOINT_FAILURES);
export type TEndpointFailure = z.infer<typeof ZEndpointFailure>;

/** The server's last check of one distribution's access URL (the server fetches it, not the browser). */
export const ZEndpointCheck = z.object({
  /** The distribution's '@id'. */
  distributionId: z.string(),
  status: ZEndpointStatus,
  /** The HTTP status of the last answer, after redirects; null when none came. */
  httpStatus: z.number().int().nullable(),
  /** The size the endpoint announced (Content-Length or Content-Range), in bytes; null when unknown. */
  byteSize: z.number().nullable(),
  /** Why the endpoint is offline; null when it is not. */
  failure: ZEndpointFailure.nullable(),
  /** ISO 8601 time of the last finished check; null while pending. */
  checkedAt: z.string().nullable(),
});
export type TEndpointCheck = z.infer<typeof ZEndpointCheck>;

/**
 * One metadata item: the catalogue offer as search presents it, plus what the details page shows
 * beyond a result card (the people and the provider) and the endpoint checks, one per distribution
 * in the order of the datasets.
 */
export const ZMetadataItem = ZOffer.extend({
  provider: z.string().nullable(),
  providerUrl: z.string().nullable(),
  author: z.string().nullable(),
  authorEmail: z.string().nullable(),
  maintainer: z.string().nullable(),
  maintainerEmail: z.string().nullable(),
  endpointChecks: z.array(ZEndpointCheck),
});
export type TMetadataItem = z.infer<typeof ZMetadataItem>;

/** Path parameter of `GET /api/metadata/{id}`. */
export const ZMetadataParams = z.object({ id: ZOfferId });
export type TMetadataParams = z.infer<typeof ZMetadataParams>;

/** Comma-separated ids; blanks are dropped, repeats kept once, at most MAX_BATCH_IDS. */
const ZBatchIds = z
  .string()
  .max(MAX_BATCH_IDS * 40, `batchIds must hold at most ${MAX_BATCH_IDS} ids`)
  .transform((text) => [
    ...new Set(
      text
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter((id) => id.length > 0),
    ),
  ])
  .pipe(z.array(ZOfferId).max(MAX_BATCH_IDS, `batchIds must hold at most ${MAX_BATCH_IDS} ids`));

/**
 * Query string of `GET /api/metadata`. With `batchIds` it answers those items (the watchlist's
 * call); without, one page of the whole catalogue ordered by id, continued with `after`.
 */
export const ZMetadataListQuerystring = z.object({
  batchIds: ZBatchIds.optional(),
  /** Items per page, 1 to 1000; 100 when left out. */
  limit: z.coerce.number().int().min(1).max(MAX_METADATA_PAGE_LIMIT).default(DEFAULT_METADATA_PAGE_LIMIT),
  /** The `next` of the previous page: items with a greater id follow. */
  after: ZOfferId.optional(),
});
export type TMetadataListQuerystring = z.infer<typeof ZMetadataListQuerystring>;

/** One page of `GET /api/metadata` without `batchIds`. */
export const ZMetadataPage = z.object({
  limit: z.number().int(),
  data: z.array(ZMetadataItem),
  /** Pass as `after` for the next page; null on the last page. */
  next: ZOfferId.nullable(),
});
export type TMetadataPage = z.infer<typeof ZMetadataPage>;

/** `GET /api/metadata?batchIds=`: the known items among the ids, in the order asked; unknown ids are left out. */
export const ZMetadataBatchResponse = z.array(ZMetadataItem);
export type TMetadataBatchResponse = z.infer<typeof ZMetadataBatchResponse>;

export const ZMetadataListResponse = z.union([ZMetadataPage, ZMetadataBatchResponse]);
export type TMetadataListResponse = z.infer<typeof ZMetadataListResponse>;

/** The path of the batch call, for clients; null when there is nothing to ask for (the call is skipped). */
export function metadataBatchPath(ids: readonly string[]): string | null {
  if (ids.length === 0) return null;
  return `/api/metadata?batchIds=${ids.map(encodeURIComponent).join(',')}`;
}

export const metadataItemEndpoint = metadataApi('GET /api/metadata/:id', {
  params: ZMetadataParams,
  answer: ZMetadataItem,
  summary: 'One metadata item, with the checks of its endpoints',
  description:
    "Distributions whose access URL was never checked are queued for the link checker and answered with status 'pending'; ask again for the result. A paid offer's access URLs are null (`isAccessRestricted`) unless the caller supplies the offer or holds an active entitlement to it.",
  errors: [400, 404],
});

export const metadataListEndpoint = metadataApi('GET /api/metadata', {
  query: ZMetadataListQuerystring,
  answer: ZMetadataListResponse,
  summary: 'Metadata items by id (batchIds), or the whole catalogue page by page',
  description:
    "With `batchIds` (comma-separated offer ids, at most 100): those items in the order asked, unknown ids left out; an empty list for none. Without: one page of the catalogue in id order, `limit` items (default 100, at most 1000), continued by passing the answer's `next` as `after`. A paid offer's access URLs are withheld as in `GET /api/metadata/{id}`.",
  errors: [400],
});
