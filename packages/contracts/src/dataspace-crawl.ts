import { z } from 'zod';
import { ZConnectorParams } from './connector';
import { endpointGroup } from './endpoint';

const connectorsApi = endpointGroup('connectors');

/** What one crawl of a connector's catalog did, dataset by dataset. */
export const ZCrawlCounts = z.object({
  /** Datasets new in the catalog, now offers of the catalogue. */
  added: z.number().int(),
  /** Datasets whose description or offers changed (or that came back), their offers rewritten. */
  updated: z.number().int(),
  /** Datasets gone from the catalog since the last crawl, their offers removed. */
  removed: z.number().int(),
  /** Datasets skipped, each with its reason in `failures`. */
  failed: z.number().int(),
});
export type TCrawlCounts = z.infer<typeof ZCrawlCounts>;

/** A dataset a crawl skipped, and why. */
export const ZCrawlFailure = z.object({
  datasetId: z.string(),
  reason: z.string(),
});
export type TCrawlFailure = z.infer<typeof ZCrawlFailure>;

/** One crawl of a connector's DSP catalog, as operators see it. */
export const ZCrawlRun = z.object({
  id: z.string(),
  connectorId: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: ZCrawlCounts,
  /** The datasets that failed, with their reasons (the first 100). */
  failures: z.array(ZCrawlFailure),
  /** Why the whole run failed (the connector could not be reached, answered garbage, too slowly); null otherwise. */
  error: z.string().nullable(),
});
export type TCrawlRun = z.infer<typeof ZCrawlRun>;

export const ZCrawlRunListResponse = z.array(ZCrawlRun);
export type TCrawlRunListResponse = z.infer<typeof ZCrawlRunListResponse>;

/** `POST /api/connectors/:connectorId/crawls`: crawls the connector's catalog now; answers the finished run. */
export const crawlConnectorEndpoint = connectorsApi('POST /api/connectors/:connectorId/crawls', {
  params: ZConnectorParams,
  answer: ZCrawlRun,
  status: 201,
  summary: "Crawl a connector's catalog now (operators)",
  description:
    "Requests the participant's DSP catalog and makes each dataset with its offers an offer of the catalogue. " +
    'Answers when the run has finished, also when it failed (status failed, with its reason). Needs the operator ' +
    'role. 404 for an unknown connector, 409 while a crawl of the connector runs.',
  errors: [401, 403, 404, 409],
});

/** `GET /api/connectors/:connectorId/crawls`: the connector's last crawls, newest first. */
export const crawlRunListEndpoint = connectorsApi('GET /api/connectors/:connectorId/crawls', {
  params: ZConnectorParams,
  answer: ZCrawlRunListResponse,
  summary: "A connector's last crawls (operators)",
  description: 'The last ten runs, newest first. Needs the operator role. 404 for an unknown connector.',
  errors: [401, 403, 404],
});
