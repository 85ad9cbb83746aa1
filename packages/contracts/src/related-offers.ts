import { z } from 'zod';
import { ZOffer } from './offer';

/** `GET /api/search/related/:id`: offers sharing keywords or categories with the offer. */
export const ZRelatedOffersParams = z.object({ id: z.guid({ message: 'must be a UUID' }) });
/** At most 6 offers, the ones sharing keywords first; never the offer itself or a federated copy of it. */
export const ZRelatedOffersResponse = z.object({ data: z.array(ZOffer).max(6) });
export type TRelatedOffersResponse = z.infer<typeof ZRelatedOffersResponse>;
export const relatedOffersEndpoint = { method: 'GET', path: '/api/search/related/:id' } as const;
export const relatedOffersPath = (offerId: string): string => `/api/search/related/${encodeURIComponent(offerId)}`;
