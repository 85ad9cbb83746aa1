import { randomUUID } from 'node:crypto';
import type { TOfferInput, TOwnOfferDetails } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { ensureSupplierAgent, insertOwnOffer } from '../catalogue/own-offer-repository';
import type { TSupplier } from '../catalogue/supplier-agent';
import { saveGatewayCredentials } from '../gateway/save-gateway-credentials';
import { queueRecordedChecks } from '../link-checker/request-link-checks';
import { assertMaySellPaid } from '../organisations/organisation-policy';
import { getOwnOffer } from './get-own-offer';
import { toOfferRows } from './offer-rows';
import { completePublishing, initialStateOf, resolveLicenceTitle, type TPublishing } from './publish-offer';

export type TCreateOfferOptions = TPublishing & {
  db: TDb;
  supplier: TSupplier;
  input: TOfferInput;
};

/**
 * Publishes a new offer from the wizard, owned by the signed-in supplier and published under their
 * agent (a paid one only with the VAT ID and bank account in the supplier's organisation). It is searchable as soon as this returns, unless publishing on its connector failed: then
 * it is kept unpublished and the answer's `publishFailure` names the step.
 */
export async function createOffer({
  db,
  supplier,
  input,
  ...publishing
}: TCreateOfferOptions): Promise<TOwnOfferDetails> {
  if (input.pricingOption === 'PAID') await assertMaySellPaid(db, supplier.id);
  const licenceTitle = await resolveLicenceTitle(db, input);
  const offerId = randomUUID();
  const rows = toOfferRows({ offerId, input, supplier, licenceTitle, now: new Date() });
  // Publishing runs in the transaction that stores the offer, as an edit's does: no edit can find the
  // offer before its endpoints are recorded for the link checker.
  const { recordedChecks } = await db.transaction().execute(async (trx) => {
    await ensureSupplierAgent(trx, supplier);
    await insertOwnOffer(trx, rows, initialStateOf(input));
    await saveGatewayCredentials({ db: trx, offerId, endpoints: input.endpoints, previous: [] });
    return completePublishing(trx, offerId, input, publishing);
  });
  await queueRecordedChecks(publishing.linkChecks, recordedChecks);
  return getOwnOffer({ db, userId: supplier.id, offerId });
}
