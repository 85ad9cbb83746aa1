import { createRequire } from 'node:module';
import path from 'node:path';
import type { TDb } from '../../db/database';
import type { TOfferOverrides } from '../../test/factories';
import { makeOffer } from '../../test/factories';
import { insertOffer } from '../catalogue/load-offers';
import type { TOfferRecord } from '../catalogue/offer-record';

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
