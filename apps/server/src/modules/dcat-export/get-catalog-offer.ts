import { ErrorCode } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';
import { findCatalogOffer } from '../catalogue/catalog-page-repository';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { presentAccessUrlsFor } from '../entitlements/withhold-access-urls';
import type { TCatalogExportContext } from './catalog-export-context';
import { offerQuads, type TDcatGraph } from './dcat-graph';
import { listKnownLicences } from './known-licences';

export type TGetCatalogOfferOptions = TCatalogExportContext & { id: string };

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
