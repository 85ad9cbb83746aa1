import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { ZOffer } from './offer';

const searchApi = endpointGroup('search');

/** `GET /api/search/related/:id`: offers sharing keywords or categories with the offer. */
export const ZRelatedOffersParams = z.object({ id: z.guid({ message: 'must be a UUID' }) });
/** At most 6 offers, the ones sharing keywords first; never the offer itself or a federated copy of it. */
export const ZRelatedOffersResponse = z.object({ data: z.array(ZOffer).max(6) });
export type TRelatedOffersResponse = z.infer<typeof ZRelatedOffersResponse>;
export const relatedOffersEndpoint = searchApi('GET /api/search/related/:id', {
  params: ZRelatedOffersParams,
  answer: ZRelatedOffersResponse,
  summary: 'Offers related to one: sharing its keywords or categories',
  description:
    "At most 6 offers: those sharing one of the offer's keywords first, then those sharing one of its categories, newest first within each. Never the offer itself nor a federated copy of it (the same title and description). A paid offer's access URLs are withheld as in search. An unknown offer is 404.",
  errors: [400, 404, 429],
});
