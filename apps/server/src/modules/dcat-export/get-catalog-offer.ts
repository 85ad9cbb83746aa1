import { ErrorCode } from '@dsm/contracts';
import type { Quad } from 'n3';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { findCatalogOffer } from './catalog-repository';
import { offerQuads } from './dcat-graph';
import { listKnownLicences } from './known-licences';

/** One searchable offer as a DCAT-AP dataset; an unknown or removed offer is a 404. */
export async function getCatalogOffer(db: TDb, catalogUrl: string, id: string): Promise<Quad[]> {
  const row = await findCatalogOffer(db, id);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, `No offer ${id} in the catalogue`);
  const [offers, licences] = await Promise.all([loadOfferDocuments(db, [id]), listKnownLicences(db)]);
  return offerQuads(
    catalogUrl,
    offers.map((offer) => ({ offer, landingPage: row.provider_url })),
    licences,
  );
}
