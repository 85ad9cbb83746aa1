import type { Quad } from 'n3';
import type { TDb } from '../../db/database';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { findCatalogPage } from './catalog-repository';
import { catalogQuads, offerQuads } from './dcat-graph';
import { listKnownLicences } from './known-licences';

export type TGetCatalogPageOptions = {
  db: TDb;
  /** `{PUBLIC_URL}/api/catalog`: the catalogue's IRI and the base of its datasets' IRIs. */
  catalogUrl: string;
  page: number;
  pageSize: number;
};

/** One page of the searchable catalogue as DCAT-AP triples, with hydra paging. */
export async function getCatalogPage({ db, catalogUrl, page, pageSize }: TGetCatalogPageOptions): Promise<Quad[]> {
  const [{ rows, total }, licences] = await Promise.all([
    findCatalogPage(db, { offset: (page - 1) * pageSize, limit: pageSize }),
    listKnownLicences(db),
  ]);
  const landingPages = new Map(rows.map((row) => [row.id, row.provider_url]));
  const offers = await loadOfferDocuments(
    db,
    rows.map((row) => row.id),
  );
  const entries = offers.map((offer) => ({ offer, landingPage: landingPages.get(offer['@id']) ?? null }));
  return [
    ...catalogQuads(catalogUrl, entries, { page, pageSize, total }),
    ...offerQuads(catalogUrl, entries, licences),
  ];
}
