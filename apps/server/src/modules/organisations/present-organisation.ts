import { missingToSell, type TInvoiceParty, type TOrganisation, type TOwnOrganisationResponse } from '@dsm/contracts';
import type { TOrganisationRow } from './organisations-repository';

/** An organisation as its members see it. */
export function presentOrganisation(row: TOrganisationRow): TOrganisation {
  return {
    id: row.id,
    legalName: row.legal_name,
    street: row.street,
    postalCode: row.postal_code,
    city: row.city,
    country: row.country,
    vatId: row.vat_id,
    iban: row.iban,
    bic: row.bic,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The signed-in user's organisation with what it is complete enough for. */
export function presentOwnOrganisation(row: TOrganisationRow | undefined): TOwnOrganisationResponse {
  const organisation = row ? presentOrganisation(row) : null;
  const missing = missingToSell(organisation);
  return { organisation, canBuy: organisation !== null, canSell: missing.length === 0, missingToSell: missing };
}

/**
 * An organisation as an invoice names it: the copy taken at issue. A buyer's bank account is not
 * the seller's business and is left out.
 */
export function presentInvoiceParty(row: TOrganisationRow, options: { withBankAccount: boolean }): TInvoiceParty {
  const { id: _id, updatedAt: _updatedAt, ...party } = presentOrganisation(row);
  return options.withBankAccount ? party : { ...party, iban: '', bic: '' };
}
