// The DCAT-AP export's formats and paths, without schemas: the offer page links to its record and
// would otherwise build every harvest schema of harvest.ts to do so.

/** The serialisations of the DCAT-AP export, by the name `?format=` takes. */
export const CATALOG_FORMATS = {
  jsonld: 'application/ld+json',
  turtle: 'text/turtle',
  rdfxml: 'application/rdf+xml',
} as const;
export type TCatalogFormat = keyof typeof CATALOG_FORMATS;

/** Media types the DCAT-AP export answers in; JSON-LD unless the Accept header prefers another. */
export const CATALOG_MEDIA_TYPES = Object.values(CATALOG_FORMATS);

/** The path of one offer's DCAT-AP record in a format. */
export const catalogOfferPath = (offerId: string, format: TCatalogFormat): string =>
  `/api/catalog/${encodeURIComponent(offerId)}?format=${format}`;
