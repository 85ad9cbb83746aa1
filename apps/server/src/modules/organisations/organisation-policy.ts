import { ErrorCode, EU_COUNTRY_CODES, missingToSell, ORGANISATION_PROFILE_PAGE } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findOrganisationOfUser, type TOrganisationRow } from './organisations-repository';
import { presentOrganisation } from './present-organisation';

/**
 * What an organisation profile must hold before its members trade, in one place: buying needs an
 * organisation (name, address, country, contact e-mail: the bill-to of the invoice), selling paid
 * offers also its VAT ID and bank account, which every invoice prints.
 */

/** The buyer's organisation; ORGANISATION_INCOMPLETE when the user has none. */
export async function assertMayBuy(db: TDb, userId: string): Promise<TOrganisationRow> {
  const row = await findOrganisationOfUser(db, userId);
  if (!row) {
    throw new AppError(
      ErrorCode.ORGANISATION_INCOMPLETE,
      `Add your organisation (legal name, address, country, contact e-mail) at ${ORGANISATION_PROFILE_PAGE} before checking out`,
      [{ path: 'organisation', message: 'is required to check out' }],
    );
  }
  return row;
}

/** ORGANISATION_INCOMPLETE naming each field a supplier still lacks to publish a paid offer. */
export async function assertMaySellPaid(db: TDb, userId: string): Promise<void> {
  const row = await findOrganisationOfUser(db, userId);
  const missing = missingToSell(row ? presentOrganisation(row) : null);
  if (!row) {
    throw new AppError(
      ErrorCode.ORGANISATION_INCOMPLETE,
      `Add your organisation with VAT ID, IBAN and BIC at ${ORGANISATION_PROFILE_PAGE} before publishing a paid offer`,
      [{ path: 'organisation', message: 'is required to publish a paid offer' }],
    );
  }
  if (missing.length > 0) {
    throw new AppError(
      ErrorCode.ORGANISATION_INCOMPLETE,
      `Your organisation lacks ${missing.join(', ')}; complete it at ${ORGANISATION_PROFILE_PAGE} before publishing a paid offer`,
      missing.map((field) => ({ path: `organisation.${field}`, message: 'is required to publish a paid offer' })),
    );
  }
}

/**
 * Whether an organisation can sell a paid offer so that the buyer gets an invoice it can pay and
 * deduct (§14 UStG): name and address (required of every organisation), a bank account (IBAN and
 * BIC), and a VAT ID, which a seller outside the EU may lack (it has none to give).
 */
export function hasCompleteInvoiceProfile(seller: {
  country: string;
  vat_id: string;
  iban: string;
  bic: string;
}): boolean {
  const needsVatId = EU_COUNTRY_CODES.includes(seller.country);
  return seller.iban !== '' && seller.bic !== '' && (seller.vat_id !== '' || !needsVatId);
}
