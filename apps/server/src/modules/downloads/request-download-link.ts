import { ErrorCode, type TDownloadLink } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findOfferEndpoint, type TOfferEndpoint } from '../catalogue/find-offer-endpoint';
import { downloadFileNameOf } from './download-file-name';
import type { TDownloadKeys } from './download-keys';
import { assertMayDownload } from './download-policy';
import { signDownloadToken } from './download-token';

export type TRequestDownloadLinkOptions = {
  db: TDb;
  keys: TDownloadKeys;
  userId: string;
  offerId: string;
  /** The endpoint's position in the offer, 0 first. */
  endpoint: number;
  /** The marketplace's public address (PUBLIC_URL), for the link's absolute form. */
  publicUrl: string;
  /** How long the link works (DOWNLOAD_LINK_TTL_SECONDS). */
  ttlSeconds: number;
  /** The moment the link is made at; tests pass another. */
  now?: Date;
};

/** The endpoint a link may be made for: it exists (404), is delivered directly (409) and has an address (409). */
export async function findDownloadableEndpoint(db: TDb, offerId: string, position: number): Promise<TOfferEndpoint> {
  const endpoint = await findOfferEndpoint(db, offerId, position);
  if (!endpoint) throw new AppError(ErrorCode.NOT_FOUND, `Offer ${offerId} has no endpoint ${position}`);
  if (endpoint.accessType !== 'DIRECT') {
    const how =
      endpoint.accessType === 'CONNECTOR' ? 'through the data space (POST /api/deliveries)' : 'through its API';
    throw new AppError(
      ErrorCode.CONFLICT,
      `Offer ${offerId} is not a download: its access type is ${endpoint.accessType}, so it is delivered ${how}`,
    );
  }
  return endpoint;
}

/**
 * A short-lived signed link to the data of an endpoint of a DIRECT-access offer, for the buyer holding an active
 * entitlement, the supplier, or anyone when the offer is free (403 otherwise). The link works without a session
 * until `expiresAt`; the access is checked again when it is used. It never carries the supplier's address.
 */
export async function requestDownloadLink(options: TRequestDownloadLinkOptions): Promise<TDownloadLink> {
  const { db, offerId, userId } = options;
  const now = options.now ?? new Date();
  const endpoint = await findDownloadableEndpoint(db, offerId, options.endpoint);
  await assertMayDownload({ db, userId, offerId: endpoint.offerId, now });
  if (!endpoint.accessUrl) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `Endpoint ${options.endpoint} of offer ${offerId} has no access URL: the supplier gave none, so there is nothing to download`,
    );
  }
  const expiresAt = new Date(now.getTime() + options.ttlSeconds * 1000);
  const [key] = await options.keys();
  const token = signDownloadToken({ offerId: endpoint.offerId, endpoint: options.endpoint, userId, expiresAt }, key!);
  const path = `/download/${token}`;
  return {
    path,
    url: `${options.publicUrl}${path}`,
    // Whole seconds: the token keeps no more.
    expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000).toISOString(),
    fileName: downloadFileNameOf(endpoint),
  };
}
