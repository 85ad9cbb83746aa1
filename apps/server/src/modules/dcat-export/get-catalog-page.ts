import type { TLicence, TOffer } from '@dsm/contracts';
import type { Quad } from 'n3';
import { findCatalogPage } from '../catalogue/catalog-page-repository';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { presentAccessUrlsFor } from '../entitlements/withhold-access-urls';
import type { TCatalogExportContext } from './catalog-export-context';
import { catalogQuads, offerQuads, type TCatalogEntry, type TDcatGraph } from './dcat-graph';
import { listKnownLicences } from './known-licences';

/**
 * Offers loaded and presented at a time, and offers turned into triples per slice of the answer: at 1,000
 * offers a page, either done at once held the event loop for 60 to 90 ms; a slice of 10 offers is a few ms.
 */
const OFFERS_PER_LOAD = 100;
const OFFERS_PER_SLICE = 10;

export type TGetCatalogPageOptions = TCatalogExportContext & { page: number; pageSize: number };

async function* pageGraph(
  catalogUrl: string,
  entries: readonly TCatalogEntry[],
  licences: readonly TLicence[],
  paging: { page: number; pageSize: number; total: number },
): AsyncGenerator<readonly Quad[]> {
  yield catalogQuads(catalogUrl, entries, paging);
  for (let start = 0; start < entries.length; start += OFFERS_PER_SLICE)
    yield offerQuads(catalogUrl, entries.slice(start, start + OFFERS_PER_SLICE), licences);
}

/**
 * One page of the searchable catalogue as DCAT-AP triples with hydra paging. The offers are read before it
 * answers; their triples are made slice by slice as the answer is written.
 */
export async function getCatalogPage({
  db,
  catalogUrl,
  offerPageUrl,
  viewer,
  page,
  pageSize,
}: TGetCatalogPageOptions): Promise<TDcatGraph> {
  const [{ rows, total }, licences] = await Promise.all([
    findCatalogPage(db, { offset: (page - 1) * pageSize, limit: pageSize }),
    listKnownLicences(db),
  ]);
  const landingPages = new Map(rows.map((row) => [row.id, row.provider_url]));
  const offers: TOffer[] = [];
  for (let start = 0; start < rows.length; start += OFFERS_PER_LOAD) {
    const ids = rows.slice(start, start + OFFERS_PER_LOAD).map((row) => row.id);
    offers.push(...(await presentAccessUrlsFor({ viewer, offers: await loadOfferDocuments(db, ids) })));
  }
  const entries = offers.map((offer) => ({
    offer,
    landingPage: landingPages.get(offer['@id']) ?? null,
    offerPage: offerPageUrl(offer['@id']),
  }));
  return pageGraph(catalogUrl, entries, licences, { page, pageSize, total });
}
