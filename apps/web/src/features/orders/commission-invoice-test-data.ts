import type { TCommissionInvoice } from '@dsm/contracts';

/** The marketplace as issuer of the commission invoices in the component tests. */
export const MARKETPLACE_PARTY = {
  legalName: 'Demo Marktplatz GmbH',
  street: 'Musterstraße 1',
  postalCode: '40210',
  city: 'Düsseldorf',
  country: 'DE',
  vatId: 'DE281963562',
  iban: 'DE02500105170137075030',
  bic: 'INGDDEFFXXX',
  contactEmail: 'kontakt@example.com',
  contactPhone: '+49 211 0000000',
};

const ID = 'c0ffee00-0000-4000-8000-0000000000c1';

/** An open commission invoice of 10 % on a sale to the City of Leipzig's supplier, with its e-invoices. */
export function makeCommissionInvoice(overrides: Partial<TCommissionInvoice> = {}): TCommissionInvoice {
  return {
    id: ID,
    number: 'PROV-2025-000003',
    invoiceId: null,
    invoiceNumber: '3F2A9C1B-2025-000007',
    supplierId: 'org-1',
    issuedAt: '2025-03-05T10:00:00.000Z',
    dueAt: '2025-04-04T10:00:00.000Z',
    currency: 'EUR',
    commissionRate: 0.1,
    net: 1.25,
    vatRate: 0.19,
    vat: 0.24,
    gross: 1.49,
    isReverseCharge: false,
    isNotTaxable: false,
    state: 'open',
    paidAt: null,
    cancelledAt: null,
    cancellationNumber: null,
    seller: MARKETPLACE_PARTY,
    buyerParty: { ...MARKETPLACE_PARTY, legalName: 'City of Leipzig', iban: '', bic: '' },
    pdfPath: `/api/commission-invoices/${ID}/pdf`,
    xmlPath: `/api/commission-invoices/${ID}/xml`,
    facturXPath: `/api/commission-invoices/${ID}/facturx`,
    cancellationPdfPath: null,
    ...overrides,
  };
}
