import { describe, expect, it } from 'vitest';
import { supplierAgentId } from '../catalogue/supplier-agent';
import { byteSizeOf, splitKeywords, toOfferInput, toOfferRows } from './offer-rows';
import { usageConstraints } from './publish-on-connector';

const INPUT = {
  pricingOption: 'PAID' as const,
  contentType: 'SERVICE' as const,
  accessType: 'API' as const,
  language: 'de' as const,
  generalInfo: {
    title: 'Pegelstände',
    description: 'Wasserstände.',
    keywords: 'Pegel, Wasser; Pegel\nFluss',
    categories: ['ENVIRONMENT' as const, 'ENVIRONMENT' as const],
    authorName: 'A',
    authorEmail: 'a@example.org',
    maintainerName: 'M',
    maintainerEmail: 'm@example.org',
  },
  endpoints: [
    {
      mimeType: 'text/csv' as const,
      format: 'csv' as const,
      endpointTitle: 'E',
      endpointDescription: 'D',
      accessUrl: 'https://x.example.org/a.csv',
      filesize: 2.25,
      sizeUnit: 'GB' as const,
      isPublicSample: true,
    },
  ],
  licensingInfo: {
    licenceType: 'CC-BY-4.0',
    geoRestriction: 'AT',
    timeRestriction: '30',
    timeUnit: 'Days' as const,
    paymentType: 'PAY_PER_USE_DOWNLOAD' as const,
    price: 12,
    priceUnit: 'CHF',
  },
  connectorId: null,
};

const SUPPLIER = { id: 'user-1', email: 'u@example.org', name: '' };

describe('splitKeywords', () => {
  it('splits at commas, semicolons and line breaks and keeps repeats once', () => {
    expect(splitKeywords(' Pegel, Wasser;pegel\n\n Fluss  Elbe ,')).toEqual(['Pegel', 'Wasser', 'Fluss Elbe']);
  });
});

describe('byteSizeOf', () => {
  it('counts 1024-based units and says null for an unknown size', () => {
    expect(byteSizeOf({ filesize: 1.5, sizeUnit: 'KB' })).toBe(1536);
    expect(byteSizeOf({ filesize: 1, sizeUnit: 'GB' })).toBe(1024 ** 3);
    expect(byteSizeOf({ filesize: 0, sizeUnit: 'MB' })).toBeNull();
  });
});

describe('toOfferRows and toOfferInput', () => {
  const now = new Date('2026-01-02T03:04:05Z');
  const rows = toOfferRows({ offerId: 'o-1', input: INPUT, supplier: SUPPLIER, licenceTitle: 'CC BY', now });

  it('maps the wizard groups onto the catalogue rows', () => {
    expect(rows.offer).toMatchObject({
      keywords: ['Pegel', 'Wasser', 'Fluss'],
      categories: ['ENVIRONMENT'],
      payment_model: 'PAY_PER_USE_DOWNLOAD',
      currency: 'CHF',
      is_sellable: true,
      provider: 'u@example.org',
      publisher_id: supplierAgentId('user-1'),
      owner_id: 'user-1',
      time_restriction: 30,
      time_unit: 'Days',
      geo_restriction: 'AT',
      total_bytes: Math.round(2.25 * 1024 ** 3),
    });
    expect(rows.distributions[0]).toMatchObject({
      id: 'o-1/distribution/0',
      licence: 'CC BY',
      size_unit: 'GB',
      is_public_sample: true,
    });
  });

  it('reads back the input the rows were made from', () => {
    const back = toOfferInput(
      { ...rows.offer, price: String(rows.offer.price), time_restriction: rows.offer.time_restriction },
      rows.distributions.map((distribution) => ({ ...distribution, byte_size: String(distribution.byte_size) })),
    );
    expect(back).toEqual({
      ...INPUT,
      generalInfo: { ...INPUT.generalInfo, keywords: 'Pegel, Wasser, Fluss', categories: ['ENVIRONMENT'] },
      licensingInfo: { ...INPUT.licensingInfo, licenceType: 'CC BY' },
    });
  });
});

describe('usageConstraints', () => {
  it('states the geo restriction as spatial and the time restriction as an ISO 8601 duration', () => {
    expect(usageConstraints(INPUT.licensingInfo)).toEqual([
      { leftOperand: 'http://www.w3.org/ns/odrl/2/spatial', operator: 'eq', rightOperand: 'AT' },
      { leftOperand: 'http://www.w3.org/ns/odrl/2/elapsedTime', operator: 'lteq', rightOperand: 'P30D' },
    ]);
  });

  it('is empty without restrictions', () => {
    expect(usageConstraints({ ...INPUT.licensingInfo, geoRestriction: '', timeRestriction: '', timeUnit: '' })).toEqual(
      [],
    );
  });
});
