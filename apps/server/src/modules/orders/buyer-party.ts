import type { TInvoiceParty } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findOrganisationOfUser } from '../organisations/organisations-repository';
import { presentInvoiceParty } from '../organisations/present-organisation';
import { findLastBuyerParty } from './billing-repository';

/**
 * The bill-to of a renewal or usage invoice: the buyer's organisation as it is now, or, should the
 * buyer have removed it since, as their last invoice named it. Null when neither exists.
 */
export async function buyerPartyOf(db: TDb, userId: string): Promise<TInvoiceParty | null> {
  const organisation = await findOrganisationOfUser(db, userId);
  if (organisation) return presentInvoiceParty(organisation, { withBankAccount: false });
  return findLastBuyerParty(db, userId);
}
