import type { Dataset, Offer } from '@dsm/connector-client';
import { describe, expect, it } from 'vitest';
import type { TConnectorRow } from '../connectors/connector-repository';
import {
  crawledOfferId,
  isPublishedByMarketplace,
  mapCatalogDataset,
  UnusableDatasetError,
} from './map-catalog-dataset';

const connector: TConnectorRow = {
  id: 'harbour-edc',
  name: 'Harbour EDC',
  url: 'https://edc.example.org/harbour-edc',
  apiKey: null,
  isSandbox: false,
};

const offer = (id: string): Offer => ({
  id,
  type: 'Offer',
  target: 'tides',
  permissions: [{ action: 'use', constraints: [] }],
  prohibitions: [],
  obligations: [],
});

const dataset = (overrides: Partial<Dataset> = {}): Dataset => ({
  id: 'tides',
  offers: [offer('b2ZmZXI=:dGlkZXM=:MQ==')],
  distributions: [{ format: 'HttpData-PULL' }],
  properties: {
    name: 'Tide gauges',
    description: 'Water levels.',
    keywords: 'tide, elbe',
    categories: ['ENVIRONMENT'],
  },
  ...overrides,
});

describe('mapCatalogDataset', () => {
  it('keeps the same offer and fingerprint when only the offer ids changed, as they do on every catalog request', () => {
    const first = mapCatalogDataset({ connector, participantId: 'BPNL1', dataset: dataset() });
    const again = mapCatalogDataset({
      connector,
      participantId: 'BPNL1',
      dataset: dataset({ offers: [offer('b2ZmZXI=:dGlkZXM=:Mg==')] }),
    });
    expect(again.contentHash).toBe(first.contentHash);
    expect(first.record).toMatchObject({
      id: crawledOfferId('harbour-edc', 'tides'),
      title: 'Tide gauges',
      keywords: ['tide', 'elbe'],
      categories: ['ENVIRONMENT'],
      accessType: 'CONNECTOR',
      provider: 'BPNL1',
      termsOfUse:
        'Conditions of use: Who: anyone in the data space. For: any purpose. When: without an end date. Where: anywhere.',
    });
    expect(first.record.datasets[0]!.distributions.map((d) => [d.title, d.accessUrl])).toEqual([
      ['HttpData-PULL', null],
    ]);
  });

  it('changes the fingerprint when what buyers see changes', () => {
    const first = mapCatalogDataset({ connector, participantId: 'BPNL1', dataset: dataset() });
    const renamed = mapCatalogDataset({
      connector,
      participantId: 'BPNL1',
      dataset: dataset({ properties: { ...dataset().properties, name: 'Tide gauges Elbe' } }),
    });
    expect(renamed.contentHash).not.toBe(first.contentHash);
    expect(renamed.record.id).toBe(first.record.id);
  });

  it('refuses a dataset without an offer, with the reason', () => {
    expect(() => mapCatalogDataset({ connector, participantId: 'BPNL1', dataset: dataset({ offers: [] }) })).toThrow(
      new UnusableDatasetError('has no offer (odrl:hasPolicy) to negotiate'),
    );
  });

  it('keeps crawled ids apart from uploaded ones and from other connectors', () => {
    expect(crawledOfferId('harbour-edc', 'tides')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(crawledOfferId('harbour-edc', 'tides')).not.toBe(crawledOfferId('other-edc', 'tides'));
  });

  it("recognises the marketplace's own published offers, which are in the catalogue already", () => {
    const uuid = '0b8f3c1e-5d2a-4f6b-9c7d-1e2f3a4b5c6d';
    expect(isPublishedByMarketplace(dataset({ id: `dsm-${uuid}-0` }))).toBe(true);
    expect(isPublishedByMarketplace(dataset({ properties: { marketplaceOfferId: uuid } }))).toBe(true);
    expect(isPublishedByMarketplace(dataset())).toBe(false);
  });
});
