import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { ZMetadataItem } from './metadata';
import { ACCESS_TYPES } from './offer-creation';
import { ZBilledInvoice } from './pricing';

const acquisitionsApi = endpointGroup('acquisitions');

/** An offer the signed-in user acquired, with when. */
export const ZAcquisition = z.object({
  /** ISO 8601 time of the order that acquired it. */
  acquiredAt: z.string(),
  offer: ZMetadataItem,
  /** Whether the offer's access type is Connector: its data is delivered through the data space (`/api/deliveries`). */
  isDeliveredByConnector: z.boolean(),
  /**
   * How the data is delivered: DIRECT endpoints are downloaded through signed links
   * (`POST /api/offers/{id}/endpoints/{n}/download-link`), API ones at their address, CONNECTOR ones through the
   * data space.
   */
  accessType: z.enum(ACCESS_TYPES),
  /** Whether the offer's access type is Api: the buyer calls it through the API gateway with a personal key. */
  isDeliveredByApi: z.boolean(),
  /**
   * What was billed for the offer and where each bill stands: the latest invoice and every one still
   * open or overdue, newest first; empty when nothing was billed (a free offer, or metered use not
   * invoiced yet).
   */
  invoices: z.array(ZBilledInvoice),
});
export type TAcquisition = z.infer<typeof ZAcquisition>;

/** `GET /api/acquisitions`: the offers of the signed-in user's orders, latest first. */
export const ZAcquisitionListResponse = z.array(ZAcquisition);
export type TAcquisitionListResponse = z.infer<typeof ZAcquisitionListResponse>;

export const acquisitionListEndpoint = acquisitionsApi('GET /api/acquisitions', {
  answer: ZAcquisitionListResponse,
  summary: 'The offers the signed-in user acquired, latest first (at most 500)',
  errors: [],
});
