import type { TDb } from '../../apps/server/src/db/database';
import { saveOrganisationOfUser } from '../../apps/server/src/modules/organisations/organisations-repository';

/** Checkout needs the buyer's organisation: a German one with the name and e-mail given, for a benchmark's buyers. */
export async function saveBuyerOrganisation(db: TDb, userId: string, legalName: string, email: string): Promise<void> {
  await saveOrganisationOfUser(db, userId, {
    legal_name: legalName,
    street: 'Teststraße 1',
    postal_code: '10115',
    city: 'Berlin',
    country: 'DE',
    vat_id: '',
    iban: '',
    bic: '',
    contact_email: email,
  });
}
