import { z } from 'zod';
import { endpointGroup } from './endpoint';

const searchApi = endpointGroup('search');

/** `GET /api/search/formats`: the formats the catalogue's distributions use, for the format filter. */
export const ZCatalogueFormatsResponse = z.object({
  /** Each format as the filter `formats` takes it, with how many searchable offers have it; most used first. */
  formats: z.array(z.object({ format: z.string(), count: z.number().int() })),
});
export type TCatalogueFormatsResponse = z.infer<typeof ZCatalogueFormatsResponse>;
export const catalogueFormatsEndpoint = searchApi('GET /api/search/formats', {
  answer: ZCatalogueFormatsResponse,
  summary: 'The distribution formats the catalogue uses, with how many offers have each',
  description:
    "Every format of the searchable offers' distributions, as the search filter `formats` takes it, with the number of offers having it, the most used first. Counted over the whole catalogue and kept for up to five minutes.",
  errors: [],
});
