import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { decodePublisherId, encodePublisherId, MAX_ENCODED_ID } from './publisher-id';

const publishersApi = endpointGroup('publishers');

/** `GET /api/publishers/:id`: the publisher with that id (base64url, see `encodePublisherId`). */
export const ZPublisherParams = z.object({
  id: z
    .string()
    .max(MAX_ENCODED_ID, `id must be at most ${MAX_ENCODED_ID} characters`)
    .refine((id) => decodePublisherId(id) !== null, {
      message: "must be the publisher's IRI as unpadded base64url",
    }),
});
export type TPublisherParams = z.infer<typeof ZPublisherParams>;

/** A publisher of catalogue offers as its public page shows it. */
export const ZPublisher = z.object({
  /** The publisher's IRI. */
  '@id': z.string(),
  /** The IRI as base64url: the `{id}` of `/publisher/{id}` and `/api/publishers/{id}`. */
  id: z.string(),
  type: z.enum(['foaf:Organization', 'foaf:Person']),
  /** The organisation's legal name when it sells through the marketplace, else the name the catalogue gives. */
  name: z.string(),
  /**
   * The value the search filter `publishers` takes for this publisher (the name search lists it under):
   * the page lists its offers through `POST /api/search`.
   */
  searchName: z.string(),
  /** ISO 3166-1 alpha-2: the selling organisation's country, else that of the publisher's newest offer; null when unknown. */
  country: z.string().nullable(),
  /** The selling organisation's city; null for publishers imported from other catalogues. */
  city: z.string().nullable(),
  /** How many offers in the catalogue name it as publisher, counted up to the result cap of 10000. */
  offerCount: z.number().int(),
  /** True when there are more offers than `offerCount` says. */
  isOfferCountCapped: z.boolean(),
});
export type TPublisher = z.infer<typeof ZPublisher>;

/** The API path of one publisher. */
export const publisherPath = (iri: string): string => `/api/publishers/${encodePublisherId(iri)}`;

export const publisherEndpoint = publishersApi('GET /api/publishers/:id', {
  params: ZPublisherParams,
  answer: ZPublisher,
  summary: 'A publisher of catalogue offers: name, where it is, how many offers',
  description:
    "`id` is the publisher's IRI (`dcterms:publisher` `@id`) as unpadded base64url of its UTF-8 bytes, so that IRIs with '/', '#' or '?' fit in one path segment. The offers themselves are listed by `POST /api/search` with `filter.publishers` set to `searchName`. An id no publisher has is 404; one that is not base64url is 400.",
  errors: [400, 404, 429],
});
