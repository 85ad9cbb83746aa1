import type { TDb } from '../../db/database';
import { recordUsage } from '../usage/record-usage';

/** Whose usage a download counts toward: the entitlement it used. */
export type TDownloadMeter = { entitlementId: string; offerId: string; userId: string };

/** How a download ended. */
export type TDownloadOutcome = {
  /** The HTTP status the caller got. */
  status: number;
  /** Bytes of the body that went out to the caller. */
  bytes: number;
  /** The whole answer went out. */
  isComplete: boolean;
};

/**
 * Appends a download to the usage of its entitlement (channel 'download'), the failed and the aborted ones too.
 * A download without an entitlement (a free offer, the supplier's own) has no usage row to count toward.
 */
export async function recordDownload(db: TDb, meter: TDownloadMeter | null, outcome: TDownloadOutcome): Promise<void> {
  if (!meter) return;
  await recordUsage(db, {
    ...meter,
    channel: 'download',
    succeeded: outcome.isComplete && outcome.status < 300,
    httpStatus: outcome.status,
    bytes: outcome.bytes,
  });
}
