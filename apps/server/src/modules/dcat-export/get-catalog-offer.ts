import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findCatalogOffer } from '../catalogue/catalog-page-repository';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { presentAccessUrlsFor, type TAccessViewer } from '../entitlements/withhold-access-urls';
import { offerQuads, type TDcatGraph } from './dcat-graph';
import { listKnownLicences } from './known-licences';

export type TGetCatalogOfferOptions = {
  db: TDb;
  /** `{PUBLIC_URL}/api/catalog`: the base of the dataset's IRI. */
  catalogUrl: string;
  /** The marketplace page of an offer (where access to a paid offer is bought). */
  offerPageUrl: (offerId: string) => string;
  /** Whom the export is for: a paid offer's URLs are withheld unless they supply it or are entitled to it. */
  viewer: TAccessViewer;
  id: string;
};

/** One searchable offer as a DCAT-AP dataset; an unknown or removed offer is a 404. */
export async function getCatalogOffer(options: TGetCatalogOfferOptions): Promise<TDcatGraph> {
  const { db, catalogUrl, offerPageUrl, viewer, id } = options;
  const row = await findCatalogOffer(db, id);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, `No offer ${id} in the catalogue`);
  const [loaded, licences] = await Promise.all([loadOfferDocuments(db, [id]), listKnownLicences(db)]);
  const offers = await presentAccessUrlsFor({ viewer, offers: loaded });
  return [
    offerQuads(
      catalogUrl,
      offers.map((offer) => ({ offer, landingPage: row.provider_url, offerPage: offerPageUrl(offer['@id']) })),
      licences,
    ),
  ];
}
