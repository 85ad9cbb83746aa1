import { ZOrganisationInput } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findUserByEmail } from '../users/find-user-by-email';
import { DEMO_ORGANISATIONS } from './demo-organisations';
import { findOrganisationOfUser, saveOrganisationOfUser, setOrganisationPhone } from './organisations-repository';
import { toOrganisationFields } from './save-own-organisation';

/**
 * Gives each demo user that exists and has no organisation yet its demo organisation, so the demo
 * flows (checkout, publishing paid offers, invoices) work from the first start. A profile the user
 * edited is kept, so it runs at every start. Returns the e-mails it seeded.
 */
export async function seedDemoOrganisations(db: TDb): Promise<string[]> {
  const seeded: string[] = [];
  for (const [email, input] of Object.entries(DEMO_ORGANISATIONS)) {
    const user = await findUserByEmail(db, email);
    if (!user) continue;
    const existing = await findOrganisationOfUser(db, user.id);
    if (existing) {
      // Demo organisations seeded before organisations had a telephone get theirs.
      if (existing.contact_phone === '' && existing.legal_name === input.legalName && input.contactPhone) {
        await setOrganisationPhone(db, existing.id, input.contactPhone);
      }
      continue;
    }
    await saveOrganisationOfUser(db, user.id, toOrganisationFields(ZOrganisationInput.parse(input)));
    seeded.push(email);
  }
  return seeded;
}
