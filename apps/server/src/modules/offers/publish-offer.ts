import { ErrorCode, type TOfferInput, type TPublishFailure } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { selectOfferDistributions, updateOfferState } from '../catalogue/own-offer-repository';
import { findLicence } from '../licences/find-licence';
import { requestLinkChecks, type TLinkCheckQueue } from '../link-checker/request-link-checks';
import { publishOnConnector, type TPublishOnConnectorOptions } from './publish-on-connector';

/** What publishing needs besides the database: the link checker's queue and, in tests, a connector client. */
export type TPublishing = {
  /** The running link checker; null when none runs in this process (its sweep picks the requests up). */
  linkChecks: TLinkCheckQueue | null;
  clientFor?: TPublishOnConnectorOptions['clientFor'];
};

/** The title of the catalogue licence the licence field names; 400 naming the field when there is none. */
export async function resolveLicenceTitle(db: TDb, input: TOfferInput): Promise<string> {
  const licence = await findLicence(db, input.licensingInfo.licenceType);
  if (!licence) {
    throw new AppError(
      ErrorCode.VALIDATION_FAILED,
      `body.licensingInfo.licenceType: there is no licence '${input.licensingInfo.licenceType}'; add it first`,
      [{ path: 'body.licensingInfo.licenceType', message: 'must name a licence of the catalogue' }],
    );
  }
  return licence.licenceTitle;
}

/** The state a stored offer starts in: a connector offer is searchable only once its connector offers it too. */
export const initialStateOf = (input: TOfferInput) => (input.accessType === 'CONNECTOR' ? 'UNPUBLISHED' : 'ACTIVE');

/** What completing the publishing of an offer did. */
export type TPublishOutcome = {
  /** The connector step that failed, or null. */
  failure: TPublishFailure | null;
  /** Distributions recorded for a link check, to queue with queueRecordedChecks once the caller's transaction commits. */
  recordedChecks: string[];
};

/**
 * Completes publishing of a stored offer: for the Connector access type, the connector steps, after
 * which it becomes searchable, or stays unpublished with the failed step recorded; then its
 * endpoints are recorded for the link checker. Runs inside the caller's transaction, which holds
 * the offer (see lockOffer), so the endpoints it records are the ones that transaction wrote.
 */
export async function completePublishing(
  db: TDb,
  offerId: string,
  input: TOfferInput,
  publishing: TPublishing,
): Promise<TPublishOutcome> {
  let failure: TPublishFailure | null = null;
  if (input.accessType === 'CONNECTOR') {
    failure = await publishOnConnector({
      db,
      offerId,
      input,
      ...(publishing.clientFor ? { clientFor: publishing.clientFor } : {}),
    });
    await updateOfferState(db, offerId, failure ? 'UNPUBLISHED' : 'ACTIVE', failure);
  }
  const distributions = await selectOfferDistributions(db, offerId);
  const recordedChecks = await requestLinkChecks({
    db,
    queue: null,
    distributions: distributions
      .filter((distribution) => distribution.access_url)
      .map((distribution) => ({ distributionId: distribution.id, offerId, url: distribution.access_url! })),
  });
  return { failure, recordedChecks };
}
