import type { TDb } from '../../db/database';
import { recordCheckRequests, recordOffersToCheck, type TCheckableDistribution } from './link-check-repository';

/** Where check requests go: the running link checker's queue. */
export type TLinkCheckQueue = {
  /** Queues one check per distribution id, to run soon. */
  enqueue(distributionIds: readonly string[]): Promise<void>;
};

export type TRequestLinkChecksOptions = {
  db: TDb;
  /** The running checker; null when none runs here (then the next checker to start picks them up). */
  queue: TLinkCheckQueue | null;
  distributions: readonly TCheckableDistribution[];
};

/**
 * Asks for checks of distributions never checked (or checked for another URL). Requests are
 * recorded first, so a request survives a restart and two callers never queue the same check.
 */
export async function requestLinkChecks({ db, queue, distributions }: TRequestLinkChecksOptions): Promise<string[]> {
  const recorded = await recordCheckRequests(db, distributions);
  if (recorded.length > 0 && queue) await queue.enqueue(recorded);
  return recorded;
}

/**
 * Asks for checks of these offers' distributions without a hurry: the link checker's sweep looks at them,
 * about a thousand distributions every 10 minutes, and checks those never checked (or checked for another
 * URL). For writers of many offers at once (harvests): one cheap row per offer instead of one per distribution.
 */
export async function requestOfferChecks(db: TDb, offerIds: readonly string[]): Promise<void> {
  await recordOffersToCheck(db, offerIds);
}

/**
 * Queues checks that requestLinkChecks recorded inside a transaction (with no queue), once that
 * transaction has committed: a check taken from the queue earlier could miss the rows it is about.
 */
export async function queueRecordedChecks(
  queue: TLinkCheckQueue | null,
  distributionIds: readonly string[],
): Promise<void> {
  if (distributionIds.length > 0 && queue) await queue.enqueue(distributionIds);
}
