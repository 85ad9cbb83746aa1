import { createRequire } from 'node:module';
import path from 'node:path';
import { type TErrorResponse, type TMetadataItem, type TOrder, ZOrganisationInput } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { signIn, TEST_ORGANISATION, type TSignedIn } from '../../test/auth';
import type { TOfferOverrides } from '../../test/factories';
import { makeOffer } from '../../test/factories';
import { request, type TTestApp } from '../../test/test-app';
import { insertOffer } from '../catalogue/load-offers';
import type { TOfferRecord } from '../catalogue/offer-record';
import { saveOrganisationOfUser } from '../organisations/organisations-repository';
import { toOrganisationFields } from '../organisations/save-own-organisation';
import { addAgentMember } from './add-agent-member';

/** A publisher agent that sells in the tests. */
export type TTestSupplier = { id: string; name: string };

export const SUPPLIER_A: TTestSupplier = { id: 'https://dsm.example/agents/supplier-a', name: 'Alpha Daten GmbH' };
export const SUPPLIER_B: TTestSupplier = { id: 'https://dsm.example/agents/supplier-b', name: 'Beta Geo AG' };

/** A German organisation in Hamburg with a VAT ID and a bank account of its own: may sell, besides TEST_ORGANISATION. */
export const HAMBURG_ORGANISATION = {
  ...TEST_ORGANISATION,
  postalCode: '20457',
  city: 'Hamburg',
  vatId: 'DE281963546',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
};

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

/** Offers of one supplier, for `insertOffersOf`. */
export type TSupplierOffers<TName extends string> = {
  supplier: TTestSupplier;
  /** A user to act for the supplier's agent (see `addAgentMember`) once the catalogue knows it: its seller. */
  seller?: TSignedIn;
  /** Each offer's fields over those of `insertOfferOf`, under a name to find it by. */
  offers: Record<TName, TOfferOverrides>;
};

/** Inserts the supplier's offers one after another (see `insertOfferOf`); answers them under their names. */
export async function insertOffersOf<TName extends string>(
  db: TDb,
  { supplier, seller, offers }: TSupplierOffers<TName>,
): Promise<Record<TName, TOfferRecord>> {
  const inserted = {} as Record<TName, TOfferRecord>;
  for (const [name, overrides] of Object.entries<TOfferOverrides>(offers)) {
    inserted[name as TName] = await insertOfferOf(db, supplier, overrides);
  }
  if (seller) await addAgentMember({ db, agentId: supplier.id, userId: seller.user.id });
  return inserted;
}

/** What a cart sends for an offer: its id and its first dataset's publisher. */
export const itemOf = (offer: TOfferRecord) => ({ productId: offer.id, providerId: offer.datasets[0]!.publisher.id });

/** One line of a cart: the offer and the publisher it is bought from. */
export type TCartItem = { productId: string; providerId: string };

/**
 * Checks the items out for the signed-in user as the cart does (`POST /idp-service/payment`), over real
 * HTTP; `headers` are sent besides the user's (an idempotency key, say). Answers the status and the order
 * (or the error body).
 */
export function checkOutItems(
  testApp: TTestApp,
  who: TSignedIn,
  items: readonly TCartItem[],
  headers: Record<string, string> = {},
) {
  return request<TOrder & TErrorResponse>(
    testApp.baseUrl,
    'POST',
    '/idp-service/payment',
    { consumerId: who.user.id, purchasedItems: items },
    { ...who.headers, ...headers },
  );
}

/** Checks out offers the test inserted itself (see `checkOutItems`). */
export function checkOut(
  testApp: TTestApp,
  who: TSignedIn,
  offers: readonly TOfferRecord[],
  headers: Record<string, string> = {},
) {
  return checkOutItems(testApp, who, offers.map(itemOf), headers);
}

/**
 * Checks out published offers known by id only: reads each one's publisher from `GET /api/metadata/:id`
 * as the web does, then checks out (see `checkOutItems`).
 */
export async function checkOutPublished(
  testApp: TTestApp,
  who: TSignedIn,
  offerIds: readonly string[],
  headers: Record<string, string> = {},
) {
  const items = await Promise.all(
    offerIds.map(async (id) => {
      const item = await request<TMetadataItem>(testApp.baseUrl, 'GET', `/api/metadata/${id}`, undefined, who.headers);
      return { productId: id, providerId: item.body.datasets[0]!['dcterms:publisher']['@id'] };
    }),
  );
  return checkOutItems(testApp, who, items, headers);
}

/** The order as its buyer reads it (`GET /api/orders/:id`). */
export function readOrder(testApp: TTestApp, who: TSignedIn, orderId: string) {
  return request<TOrder>(testApp.baseUrl, 'GET', `/api/orders/${orderId}`, undefined, who.headers);
}

/** A file the API serves (an invoice's PDF, e-invoice or Factur-X) as `who` downloads it. */
export async function downloadAs(
  testApp: TTestApp,
  who: TSignedIn,
  path: string,
): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const response = await fetch(`${testApp.baseUrl}${path}`, { headers: who.headers });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

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

/**
 * A new buyer's invoice that names no seller (see `withInvoicesOfNoSeller`): the buyer orders an offer of
 * SUPPLIER_B titled `title`, and the invoice is read back as the buyer sees it in the order.
 */
export async function invoiceOfNoSeller(testApp: TTestApp, title: string) {
  const buyer = await signIn(testApp);
  const offer = await insertOfferOf(testApp.database.db, SUPPLIER_B, { title });
  const placed = await withInvoicesOfNoSeller(testApp.database.db, SUPPLIER_B, () => checkOut(testApp, buyer, [offer]));
  const order = await readOrder(testApp, buyer, placed.body.id);
  return { buyer, invoice: order.body.invoices[0]! };
}
