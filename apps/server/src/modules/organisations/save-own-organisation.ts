import type { TOrganisationValues, TOwnOrganisationResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { saveOrganisationOfUser, type TOrganisationFields } from './organisations-repository';
import { presentOwnOrganisation } from './present-organisation';

export type TSaveOwnOrganisationOptions = {
  db: TDb;
  userId: string;
  /** The checked profile form (ZOrganisationInput's output: trimmed, VAT ID and IBAN compacted). */
  values: TOrganisationValues;
};

/** The organisation's columns from the profile form's checked values. */
export function toOrganisationFields(values: TOrganisationValues): TOrganisationFields {
  return {
    legal_name: values.legalName,
    street: values.street,
    postal_code: values.postalCode,
    city: values.city,
    country: values.country,
    vat_id: values.vatId,
    iban: values.iban,
    bic: values.bic,
    contact_email: values.contactEmail,
    contact_phone: values.contactPhone,
  };
}

/**
 * Saves the signed-in user's organisation from the profile form, creating it on the first save.
 * Invoices issued before keep the data they were issued with.
 */
export async function saveOwnOrganisation(options: TSaveOwnOrganisationOptions): Promise<TOwnOrganisationResponse> {
  const row = await saveOrganisationOfUser(options.db, options.userId, toOrganisationFields(options.values));
  return presentOwnOrganisation(row);
}
