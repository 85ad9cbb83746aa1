import { catalogOfferPath, type TCatalogFormat } from '@dsm/contracts';
import { downloadFile } from '../../shared/download-file';

/** File name endings of the DCAT-AP serialisations. */
export const METADATA_EXTENSIONS: Record<TCatalogFormat, string> = {
  jsonld: 'jsonld',
  turtle: 'ttl',
  rdfxml: 'rdf',
};

/**
 * Saves one offer's DCAT-AP record in a format. The API wants the bearer token, which a plain link cannot
 * send, so the file is fetched and handed to the browser as a download.
 */
export function downloadMetadata(offerId: string, format: TCatalogFormat): Promise<void> {
  return downloadFile(catalogOfferPath(offerId, format), `offer-${offerId}.${METADATA_EXTENSIONS[format]}`);
}

/** The curl calls of the 'Use the API' panel, for this server. */
export function apiCalls(origin: string, offerId: string): { metadata: string; search: string } {
  return {
    metadata: `curl -H "Authorization: Bearer $TOKEN" "${origin}${catalogOfferPath(offerId, 'turtle')}"`,
    search: [
      `curl -X POST -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \\`,
      `  -d '{"index":0,"pageSize":10}' "${origin}/api/search?query=climate"`,
    ].join('\n'),
  };
}
