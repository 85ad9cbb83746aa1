import { createRequire } from 'node:module';
import path from 'node:path';
import { ZOrganisationInput } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { TEST_ORGANISATION } from '../../test/auth';
import type { TOfferOverrides } from '../../test/factories';
import { makeOffer } from '../../test/factories';
import { insertOffer } from '../catalogue/load-offers';
import type { TOfferRecord } from '../catalogue/offer-record';
import { saveOrganisationOfUser } from '../organisations/organisations-repository';
import { toOrganisationFields } from '../organisations/save-own-organisation';
import { addAgentMember } from './add-agent-member';

/** A publisher agent that sells in the tests. */
export type TTestSupplier = { id: string; name: string };

export const SUPPLIER_A: TTestSupplier = { id: 'https://dsm.example/agents/supplier-a', name: 'Alpha Daten GmbH' };
export const SUPPLIER_B: TTestSupplier = { id: 'https://dsm.example/agents/supplier-b', name: 'Beta Geo AG' };

/**
 * An offer for sale by a supplier (the first dataset's publisher), inserted into the catalogue: a
 * subscription at 10 € a month unless told otherwise, the model checkout invoices.
 */
export async function insertOfferOf(
  db: TDb,
  supplier: TTestSupplier,
  overrides: TOfferOverrides = {},
): Promise<TOfferRecord> {
  const record = makeOffer({ isSellable: true, paymentModel: 'SUBSCRIPTION_BASED', price: 10, ...overrides });
  record.datasets[0]!.publisher = { id: supplier.id, type: 'foaf:Organization', name: supplier.name };
  await insertOffer(db, record);
  return record;
}

/** What a cart sends for an offer: its id and its first dataset's publisher. */
export const itemOf = (offer: TOfferRecord) => ({ productId: offer.id, providerId: offer.datasets[0]!.publisher.id });

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page of a PDF, lines joined by spaces, as a reader would copy it. */
export async function readPdfText(pdf: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: pdf, standardFontDataUrl: STANDARD_FONTS, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/**
 * Lets a stand-in organisation with a complete invoice profile (TEST_ORGANISATION) sell for a publisher
 * nobody acts for, so that its paid offers can be ordered (checkout refuses them otherwise). Answers
 * the stand-in member's id and its organisation's. Adding it again changes nothing.
 */
export async function sellFor(db: TDb, supplier: TTestSupplier): Promise<{ memberId: string; organisationId: string }> {
  const memberId = `stand-in:${supplier.id}`;
  const member = await db
    .selectFrom('organisation_members')
    .select('organisation_id')
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  const organisationId =
    member?.organisation_id ??
    (await saveOrganisationOfUser(db, memberId, toOrganisationFields(ZOrganisationInput.parse(TEST_ORGANISATION)))).id;
  await addAgentMember({ db, agentId: supplier.id, userId: memberId });
  return { memberId, organisationId };
}

/**
 * Runs `place` while a stand-in sells for the publisher, then strips the seller from the invoices it
 * issued for that publisher: an invoice as checkout issued them before every paid offer needed a
 * seller with a complete invoice profile (see docs/pricing.md).
 */
export async function withInvoicesOfNoSeller<T>(db: TDb, supplier: TTestSupplier, place: () => Promise<T>): Promise<T> {
  const standIn = await sellFor(db, supplier);
  try {
    return await place();
  } finally {
    await db.deleteFrom('agent_members').where('user_id', '=', standIn.memberId).execute();
    await db
      .updateTable('invoices')
      .set({ seller_party: null })
      .where('issuer_key', '=', `organisation:${standIn.organisationId}`)
      .execute();
  }
}
