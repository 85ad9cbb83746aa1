import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findOffersShowingAccessUrls } from '../entitlements/access-url-policy';
import { findActiveEntitlement, type TEntitlement } from '../entitlements/find-active-entitlement';

export type TAssertMayDownloadOptions = {
  db: TDb;
  userId: string;
  offerId: string;
  now: Date;
};

/**
 * Who may download an offer's data, in one place: whoever may see its access URLs (`mayShowAccessUrls`: everyone
 * for a free offer, the supplier, buyers holding an active entitlement); 403 for everyone else. Checked when a link
 * is made and again when it is used, so a link outlives no entitlement. Answers the entitlement the download is
 * metered against, or null when none is used (a free offer, the supplier's own).
 */
export async function assertMayDownload(options: TAssertMayDownloadOptions): Promise<TEntitlement | null> {
  const { db, userId, offerId, now } = options;
  const visible = await findOffersShowingAccessUrls({ db, userId, offerIds: [offerId], now });
  if (!visible.has(offerId)) {
    throw new AppError(
      ErrorCode.FORBIDDEN,
      `You hold no active purchase of offer ${offerId}: buy it to download its data`,
    );
  }
  return findActiveEntitlement({ db, userId, offerId, now });
}
