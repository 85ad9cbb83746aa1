import { createConnectorClient, EDC_CONTEXT, ODRL_CONTEXT_URL } from '@dsm/connector-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from './start-sandbox';

const EDC = 'https://w3id.org/edc/v0.0.1/ns/';
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({
    participantId: 'urn:self',
    apiKey: 'key',
    // Its federated catalog crawls its own DSP address: it answers its own catalog.
    federatedCatalogNodes: () => [sandbox.addresses.protocol],
    seed: {
      assets: [
        {
          '@context': EDC_CONTEXT,
          '@id': 'own-dataset',
          properties: { name: 'Own dataset' },
          dataAddress: { type: 'HttpData', baseUrl: 'https://data.example.org/own' },
        },
      ],
      policyDefinitions: [
        {
          '@context': EDC_CONTEXT,
          '@id': 'open',
          policy: { '@context': ODRL_CONTEXT_URL, '@type': 'Set', permission: [{ action: 'use' }] },
        },
      ],
      contractDefinitions: [
        {
          '@context': EDC_CONTEXT,
          '@id': 'own',
          accessPolicyId: 'open',
          contractPolicyId: 'open',
          assetsSelector: [{ operandLeft: `${EDC}id`, operator: '=', operandRight: 'own-dataset' }],
        },
      ],
    },
  });
});

afterAll(() => sandbox?.close());

describe('[SANDBOX]: federated catalog query (POST /catalog/v1alpha/catalog/query)', () => {
  it('answers its own catalog as a list of DCAT catalogs, with the participant and its offers', async () => {
    const client = createConnectorClient({ addresses: sandbox.addresses, apiKey: 'key' });
    const catalogs = await client.federatedCatalog.query();
    expect(catalogs).toHaveLength(1);
    expect(catalogs[0]!.participantId).toBe('urn:self');
    expect(catalogs[0]!.datasets.map((dataset) => dataset.id)).toEqual(['own-dataset']);
    expect(catalogs[0]!.datasets[0]!.offers).toHaveLength(1);
  });

  it('pages by catalog with the QuerySpec offset and limit', async () => {
    const client = createConnectorClient({ addresses: sandbox.addresses, apiKey: 'key' });
    expect(await client.federatedCatalog.query({ offset: 0, limit: 1 })).toHaveLength(1);
    expect(await client.federatedCatalog.query({ offset: 1, limit: 1 })).toEqual([]);
  });

  it('answers a raw query as a JSON array', async () => {
    const response = await fetch(`${sandbox.addresses.federatedCatalog}/v1alpha/catalog/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'key' },
      body: JSON.stringify({ '@context': { '@vocab': EDC }, '@type': 'QuerySpec', offset: 0, limit: 50 }),
    });
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });
});
