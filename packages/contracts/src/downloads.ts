import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { ZOfferId } from './metadata';

const downloadsApi = endpointGroup('downloads');

/**
 * Direct delivery: the data of an endpoint (distribution) of a DIRECT-access offer, streamed by the marketplace
 * from the supplier's source. The signed-in buyer (or the supplier, or anyone for a free offer) asks for a
 * short-lived signed link, which then works without a session, with curl or a browser download alike.
 */

/** Path parameters of a download-link request: the offer and the endpoint's position (0 is the first). */
export const ZDownloadLinkParams = z.object({
  id: ZOfferId,
  endpoint: z.coerce.number().int().min(0).max(9999),
});
export type TDownloadLinkParams = z.infer<typeof ZDownloadLinkParams>;

/** `POST /api/offers/{id}/endpoints/{endpoint}/download-link`: a link to the endpoint's data. */
export const ZDownloadLink = z.object({
  /** The link below the marketplace's own address (`/download/{token}`), for a page of the same origin. */
  path: z.string(),
  /** The same link with the marketplace's public address, for curl or another machine. */
  url: z.string(),
  /** ISO 8601 time after which the link answers 403; ask for a new one then. */
  expiresAt: z.string(),
  /** The file name the download is saved under. */
  fileName: z.string(),
});
export type TDownloadLink = z.infer<typeof ZDownloadLink>;

/**
 * Path parameter of a download: the signed token of the link, the rest of the path (a token is longer than the
 * 100 characters a single path parameter may have).
 */
export const ZDownloadParams = z.object({
  '*': z.string().min(1).max(2000).meta({ description: 'The token of the download link' }),
});
export type TDownloadParams = z.infer<typeof ZDownloadParams>;

export const downloadEndpoint = { method: 'GET', path: '/download/*' } as const;

export const downloadLinkEndpoint = downloadsApi('POST /api/offers/:id/endpoints/:endpoint/download-link', {
  params: ZDownloadLinkParams,
  answer: ZDownloadLink,
  status: 201,
  summary: "A short-lived signed link to the data of a Direct offer's endpoint",
  description:
    'For a buyer holding an active entitlement, the supplier, or anyone when the offer is free (403 otherwise). The link (`/download/{token}`) works without a session, with curl too, until `expiresAt` (DOWNLOAD_LINK_TTL_SECONDS); it never names the supplier’s address. 404 for an unknown offer or endpoint, 409 for an offer delivered by API or connector or an endpoint without an access URL.',
  errors: [400, 403, 404, 409, 416, 502, 504],
});
