import type { Quad } from 'n3';
import type { TDb } from '../../db/database';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { presentAccessUrlsFor, type TAccessViewer } from '../entitlements/withhold-access-urls';
import { findCatalogPage } from './catalog-repository';
import { catalogQuads, offerQuads } from './dcat-graph';
import { listKnownLicences } from './known-licences';

export type TGetCatalogPageOptions = {
  db: TDb;
  /** `{PUBLIC_URL}/api/catalog`: the catalogue's IRI and the base of its datasets' IRIs. */
  catalogUrl: string;
  /** The marketplace page of an offer (where access to a paid offer is bought). */
  offerPageUrl: (offerId: string) => string;
  /** Whom the export is for: a paid offer's URLs are withheld unless they supply it or are entitled to it. */
  viewer: TAccessViewer;
  page: number;
  pageSize: number;
};

/** One page of the searchable catalogue as DCAT-AP triples, with hydra paging. */
export async function getCatalogPage({
  db,
  catalogUrl,
  offerPageUrl,
  viewer,
  page,
  pageSize,
}: TGetCatalogPageOptions): Promise<Quad[]> {
  const [{ rows, total }, licences] = await Promise.all([
    findCatalogPage(db, { offset: (page - 1) * pageSize, limit: pageSize }),
    listKnownLicences(db),
  ]);
  const landingPages = new Map(rows.map((row) => [row.id, row.provider_url]));
  const offers = await presentAccessUrlsFor({
    viewer,
    offers: await loadOfferDocuments(
      db,
      rows.map((row) => row.id),
    ),
  });
  const entries = offers.map((offer) => ({
    offer,
    landingPage: landingPages.get(offer['@id']) ?? null,
    offerPage: offerPageUrl(offer['@id']),
  }));
  return [
    ...catalogQuads(catalogUrl, entries, { page, pageSize, total }),
    ...offerQuads(catalogUrl, entries, licences),
  ];
}
