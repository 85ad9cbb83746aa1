import { ErrorCode, type TMetadataItem } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { requestLinkChecks, type TLinkCheckQueue } from '../link-checker/request-link-checks';
import { presentLoaded } from './load-metadata-items';

export type TGetMetadataItemOptions = {
  db: TDb;
  /** The link checker's queue, or null when none runs here. */
  linkChecks: TLinkCheckQueue | null;
  id: string;
  /** The signed-in user: a paid offer's access URLs are withheld unless they supply it or are entitled to it. */
  userId: string;
};

/**
 * One offer for the details page. Distributions never checked (or whose URL changed) are queued
 * for a check and answered as 'pending'; the page asks again until they are not.
 */
export async function getMetadataItem({ db, linkChecks, id, userId }: TGetMetadataItemOptions): Promise<TMetadataItem> {
  const [offer] = await loadOfferDocuments(db, [id.toLowerCase()]);
  if (!offer) throw new AppError(ErrorCode.NOT_FOUND, `No offer ${id}`);
  const [item] = await presentLoaded(db, [offer], { userId, db });
  const pending = item!.endpointChecks.filter((check) => check.status === 'pending');
  if (pending.length > 0) {
    // The catalogue's URLs, not the presented ones: the server checks an endpoint whoever asks.
    const urlById = new Map(
      offer.datasets.flatMap((dataset) =>
        dataset['dcat:distribution'].map((distribution) => [distribution['@id'], distribution['dcat:accessURL']]),
      ),
    );
    await requestLinkChecks({
      db,
      queue: linkChecks,
      distributions: pending.map((check) => ({
        distributionId: check.distributionId,
        offerId: offer['@id'],
        url: (urlById.get(check.distributionId) ?? '').trim(),
      })),
    });
  }
  return item!;
}
