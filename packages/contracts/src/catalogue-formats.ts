import { z } from 'zod';

/** `GET /api/search/formats`: the formats the catalogue's distributions use, for the format filter. */
export const ZCatalogueFormatsResponse = z.object({
  /** Each format as the filter `formats` takes it, with how many searchable offers have it; most used first. */
  formats: z.array(z.object({ format: z.string(), count: z.number().int() })),
});
export type TCatalogueFormatsResponse = z.infer<typeof ZCatalogueFormatsResponse>;
export const catalogueFormatsEndpoint = { method: 'GET', path: '/api/search/formats' } as const;
