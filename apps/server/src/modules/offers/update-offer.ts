import { ErrorCode, type TOfferInput, type TOwnOfferDetails } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  ensureSupplierAgent,
  lockOffer,
  replaceOwnOffer,
  selectOfferDistributions,
  selectOwnOffer,
} from '../catalogue/own-offer-repository';
import type { TSupplier } from '../catalogue/supplier-agent';
import { saveGatewayCredentials } from '../gateway/save-gateway-credentials';
import { queueRecordedChecks } from '../link-checker/request-link-checks';
import { assertMaySellPaid } from '../organisations/organisation-policy';
import { getOwnOffer } from './get-own-offer';
import { toOfferRows } from './offer-rows';
import { assertOfferOwner } from './policy';
import { completePublishing, initialStateOf, resolveLicenceTitle, type TPublishing } from './publish-offer';

/**
 * How long an edit waits for another edit of the same offer. An edit takes milliseconds unless it
 * publishes on a connector, whose every request may take the connector timeout.
 */
const EDIT_LOCK_TIMEOUT_MS = 20_000;
/** lock_not_available: the lock_timeout ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

export type TUpdateOfferOptions = TPublishing & {
  db: TDb;
  supplier: TSupplier;
  offerId: string;
  input: TOfferInput;
};

/**
 * Replaces an own offer with the edited wizard input and publishes it again (an unpublished offer
 * becomes searchable again). Only its owner may; 404 for an unknown offer, 403 for someone else's.
 * Edits of one offer take turns from reading it to recording its link checks: a second edit
 * replacing the endpoints while the first still recorded checks for them broke that insert on its
 * foreign key, and interleaved connector steps would mix two versions on the connector. The answer
 * is the offer as this edit left it.
 */
export async function updateOffer({
  db,
  supplier,
  offerId,
  input,
  ...publishing
}: TUpdateOfferOptions): Promise<TOwnOfferDetails> {
  if (input.pricingOption === 'PAID') await assertMaySellPaid(db, supplier.id);
  const { details, recordedChecks } = await db
    .transaction()
    .execute(async (trx) => {
      await lockOffer(trx, offerId, EDIT_LOCK_TIMEOUT_MS);
      const current = await selectOwnOffer(trx, offerId);
      assertOfferOwner(current, supplier.id, offerId);
      const licenceTitle = await resolveLicenceTitle(trx, input);
      const rows = toOfferRows({
        offerId,
        input,
        supplier,
        licenceTitle,
        now: new Date(),
        issued: current.issued ?? current.created_at,
      });
      await ensureSupplierAgent(trx, supplier);
      const previous = await selectOfferDistributions(trx, offerId);
      await replaceOwnOffer(trx, rows, initialStateOf(input));
      await saveGatewayCredentials({
        db: trx,
        offerId,
        endpoints: input.endpoints,
        previous: previous.map((distribution) => ({ accessUrl: distribution.access_url })),
      });
      const outcome = await completePublishing(trx, offerId, input, publishing);
      return {
        details: await getOwnOffer({ db: trx, userId: supplier.id, offerId }),
        recordedChecks: outcome.recordedChecks,
      };
    })
    .catch((error: unknown) => {
      if ((error as { code?: unknown } | null)?.code !== LOCK_NOT_AVAILABLE) throw error;
      throw new AppError(ErrorCode.CONFLICT, `The offer ${offerId} is being changed by another request; try again`);
    });
  await queueRecordedChecks(publishing.linkChecks, recordedChecks);
  return details;
}
