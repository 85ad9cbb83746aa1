import type { Asset } from '@dsm/connector-client';
import { describe, expect, it } from 'vitest';
import { catalogueOfferId, connectorOfferRecord } from './connector-offer-record';
import type { TConnectorRow } from './connector-repository';
import type { TConnectorOfferSource } from './map-connector-offer';

const connector: TConnectorRow = {
  id: 'provider',
  name: 'Provider sandbox',
  url: 'http://127.0.0.1:4000/provider',
  apiKey: 'k',
  isSandbox: true,
};

const asset = (id: string, properties: Record<string, unknown>, baseUrl?: string): Asset => ({
  id,
  properties,
  privateProperties: {},
  dataAddress: baseUrl ? { type: 'HttpData', baseUrl } : { type: 'InlineData', content: 'x' },
  createdAt: Date.UTC(2025, 0, 2),
});

const source = (assets: Asset[]): TConnectorOfferSource => ({
  definition: { id: 'def-1', accessPolicyId: 'open', contractPolicyId: 'research', assetsSelector: [] },
  assets,
  accessPolicy: null,
  contractPolicy: {
    id: 'research',
    policy: {
      type: 'Set',
      permissions: [
        { action: 'use', constraints: [{ leftOperand: 'purpose', operator: 'eq', rightOperand: 'research' }] },
      ],
      prohibitions: [],
      obligations: [],
    },
  },
});

describe('catalogueOfferId', () => {
  it('gives the same offer of the same connector the same UUID, and any other pair another', () => {
    const id = catalogueOfferId('provider', 'def-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(catalogueOfferId('provider', 'def-1')).toBe(id);
    expect(catalogueOfferId('consumer', 'def-1')).not.toBe(id);
    expect(catalogueOfferId('provider', 'def-2')).not.toBe(id);
    // The separator keeps 'a'+'b\nc' and 'a\nb'+'c' apart.
    expect(catalogueOfferId('a', 'b-c')).not.toBe(catalogueOfferId('a-b', 'c'));
  });
});

describe('connectorOfferRecord', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('makes a free catalogue offer published by the connector, one dataset per asset', () => {
    const record = connectorOfferRecord(
      connector,
      source([
        asset(
          'w',
          {
            name: 'Weather',
            description: 'Readings.',
            keywords: ['weather', 'climate'],
            categories: ['ENVIRONMENT', 'NOT_A_CATEGORY'],
            contenttype: 'text/csv',
            license: 'CC-BY-4.0',
            language: 'DE',
          },
          'https://data.example.org/w.csv',
        ),
        asset('a', { name: 'Air', description: 'Readings.', keywords: 'air, weather' }),
      ]),
      now,
    );
    expect(record).toMatchObject({
      id: catalogueOfferId('provider', 'def-1'),
      title: 'Weather, Air',
      description: 'Readings.',
      language: 'de',
      keywords: ['weather', 'climate', 'air'],
      categories: ['ENVIRONMENT'],
      paymentModel: 'FREE_OF_CHARGE',
      price: 0,
      isSellable: false,
      provider: 'Provider sandbox',
      providerUrl: 'http://127.0.0.1:4000/provider',
      termsOfUse: 'Permits use when purpose eq research.',
      accessType: 'CONNECTOR',
      contentType: 'DATA',
    });
    expect(record.datasets).toHaveLength(2);
    expect(record.datasets[0]).toMatchObject({
      id: `${record.id}/dataset/0`,
      issued: new Date(Date.UTC(2025, 0, 2)),
      modified: now,
      publisher: { id: 'urn:dsm:connector:provider', type: 'foaf:Organization', name: 'Provider sandbox' },
      themes: ['ENVIRONMENT'],
      distributions: [
        {
          id: `${record.id}/distribution/0`,
          title: 'Weather',
          mediaType: 'text/csv',
          licence: 'CC-BY-4.0',
          accessUrl: 'https://data.example.org/w.csv',
          byteSize: null,
        },
      ],
    });
    // An asset without a web address has no access URL to check.
    expect(record.datasets[1]!.distributions[0]!.accessUrl).toBeNull();
  });

  it('falls back to English, OTHERS and a description naming the connector', () => {
    const record = connectorOfferRecord(connector, source([asset('x', { language: 'german' })]), now);
    expect(record).toMatchObject({
      title: 'x',
      language: 'en',
      categories: ['OTHERS'],
      keywords: [],
      description: 'Offer def-1 of the connector Provider sandbox.',
    });
  });
});
