import { z } from 'zod';
import { PAYMENT_MODELS } from './catalogue';

/** A foaf:Organization (foaf:name) or a foaf:Person (foaf:firstName, foaf:lastName). */
export const ZAgent = z.object({
  '@id': z.string(),
  '@type': z.enum(['foaf:Organization', 'foaf:Person']),
  'foaf:name': z.string().optional(),
  'foaf:firstName': z.string().optional(),
  'foaf:lastName': z.string().optional(),
  'foaf:mbox': z.string().optional(),
});
export type TAgent = z.infer<typeof ZAgent>;

export const ZTheme = z.object({ '@id': z.string(), label: z.string() });
export type TTheme = z.infer<typeof ZTheme>;

export const ZDistribution = z.object({
  '@id': z.string(),
  'dcterms:title': z.string(),
  'dcat:mediaType': z.string().nullable(),
  'dcterms:format': z.string().nullable(),
  /** The licence text as the publisher wrote it; the web matches it against the licence catalogue. */
  'dcterms:license': z.string().nullable(),
  /**
   * Where the data is; null when the publisher gave none, and withheld (null) from everyone but the
   * supplier and entitled buyers when the offer is paid (see `isAccessRestricted`).
   */
  'dcat:accessURL': z.string().nullable(),
  /** Size in bytes when known. */
  'dcat:byteSize': z.number().nullable(),
  /** True when the offer is paid and the caller neither supplies it nor holds an entitlement: buying it gives access. */
  isAccessRestricted: z.boolean(),
  /**
   * The supplier marked this endpoint as a public sample: everyone may preview it, also on a paid offer. Its
   * access URL stays withheld like the others'; the server reads it for the preview.
   */
  isPublicSample: z.boolean(),
});
export type TDistribution = z.infer<typeof ZDistribution>;

export const ZDataset = z.object({
  '@id': z.string(),
  /** ISO 8601 timestamp, or null when the source had no valid date. */
  'dcterms:issued': z.string().nullable(),
  'dcterms:modified': z.string().nullable(),
  'dcterms:publisher': ZAgent,
  'dcterms:creator': ZAgent.nullable(),
  'geodcatp:custodian': ZAgent.nullable(),
  'dcat:theme': z.array(ZTheme),
  'dcat:keyword': z.array(z.string()),
  'dcat:distribution': z.array(ZDistribution),
});
export type TDataset = z.infer<typeof ZDataset>;

/** A catalogue offer as search and details answer it (the specification's 'Search result item / Offer'). */
export const ZOffer = z.object({
  '@id': z.string(),
  title: z.string(),
  description: z.object({ '@value': z.string(), '@language': z.string() }),
  paymentModel: z.enum(PAYMENT_MODELS),
  price: z.number(),
  isSellable: z.boolean(),
  likes: z.number().int(),
  keywords: z.array(z.string()),
  categories: z.array(z.string()),
  datasets: z.array(ZDataset),
});
export type TOffer = z.infer<typeof ZOffer>;
