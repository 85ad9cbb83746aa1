import { afterEach, describe, expect, it } from 'vitest';
import { createConnectorClient } from '../create-connector-client';
import { type Reply, startTestServer, type TestServer } from '../test/http-server';
import { pickManagementApi } from './version';

/** EDC's version API answer of a release serving v4 and a v5 beta (the records of management-api-version.json). */
const V4_AND_V5_BETA = {
  management: [
    { version: '4.1.0', urlPath: '/v4', lastUpdated: '2026-07-23T09:43:01Z', maturity: 'stable' },
    { version: '5.0.0-beta', urlPath: '/v5beta', lastUpdated: '2026-07-29T16:00:00Z', maturity: 'beta' },
  ],
  version: [{ version: '1.0.1', urlPath: '/v1', lastUpdated: '2025-10-02T09:12:45Z', maturity: 'stable' }],
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A connector answering its version API with `versionAnswer` and every management call with an empty list. */
async function connector(versionAnswer: Reply) {
  server = await startTestServer((request) =>
    request.url === '/.well-known/version/v1/version' ? versionAnswer : { json: [] },
  );
  return server;
}

describe('picking the Management API version from the version API', () => {
  it('takes the newest stable version the client knows, with the path the connector names', () => {
    expect(pickManagementApi(V4_AND_V5_BETA)).toEqual({
      version: 'v4',
      urlPath: '/v4',
      source: 'version-api',
      release: '4.1.0',
    });
    const both = {
      management: [
        { version: '3.1.6', urlPath: '/v3', maturity: 'stable' },
        { version: '4.0.0', urlPath: '/api/v4', maturity: 'stable' },
        { version: '4.1.0', urlPath: '/v4', maturity: 'stable' },
      ],
    };
    expect(pickManagementApi(both)).toMatchObject({ version: 'v4', urlPath: '/v4', release: '4.1.0' });
    expect(pickManagementApi({ management: [{ version: '3.1.6', urlPath: '/v3', maturity: 'stable' }] })).toEqual({
      version: 'v3',
      urlPath: '/v3',
      source: 'version-api',
      release: '3.1.6',
    });
    // Only versions the client does not speak, or none stable: no pick.
    expect(pickManagementApi({ management: [{ version: '5.0.0', urlPath: '/v5', maturity: 'stable' }] })).toBe(
      undefined,
    );
    expect(pickManagementApi({ management: [{ version: '4.1.0', urlPath: '/v4', maturity: 'beta' }] })).toBe(undefined);
  });
});

describe("the client's managementApiVersion", () => {
  it('auto asks the version API once per client and speaks v4 at its urlPath', async () => {
    const edc = await connector({ json: V4_AND_V5_BETA });
    const client = createConnectorClient({
      addresses: { management: `${edc.url}/management`, version: `${edc.url}/.well-known/version` },
      apiKey: 'key',
    });
    expect(client.managementApiVersion).toBe('auto');
    await client.assets.query();
    await client.withBearerToken('user').policyDefinitions.query();
    expect(await client.managementApi()).toMatchObject({ version: 'v4', urlPath: '/v4', source: 'version-api' });
    expect(edc.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /.well-known/version/v1/version',
      'POST /management/v4/assets/request',
      'POST /management/v4/policydefinitions/request',
    ]);
    expect(edc.requests[0]?.headers['x-api-key']).toBe('key');
  });

  it('auto speaks v3 without a version address, and when the version API fails or names nothing it knows', async () => {
    const answers: Reply[] = [
      { status: 404, json: [{ message: 'not found' }] },
      { text: 'not json' },
      { json: { management: [{ version: '5.0.0', urlPath: '/v5', maturity: 'stable' }] } },
    ];
    for (const answer of answers) {
      const edc = await connector(answer);
      const client = createConnectorClient({
        addresses: { management: `${edc.url}/management`, version: `${edc.url}/.well-known/version` },
      });
      await client.assets.query();
      expect(await client.managementApi()).toEqual({ version: 'v3', urlPath: '/v3', source: 'fallback' });
      expect(edc.requests.at(-1)?.url).toBe('/management/v3/assets/request');
      await server?.close();
      server = undefined;
    }
    const edc = await connector({ json: V4_AND_V5_BETA });
    const withoutVersionAddress = createConnectorClient({ addresses: { management: `${edc.url}/management` } });
    await withoutVersionAddress.assets.query();
    expect(edc.requests.map((request) => request.url)).toEqual(['/management/v3/assets/request']);
  });

  it('a fixed version is spoken as set, without asking', async () => {
    const edc = await connector({ json: V4_AND_V5_BETA });
    const addresses = { management: `${edc.url}/management`, version: `${edc.url}/.well-known/version` };
    await createConnectorClient({ addresses, managementApiVersion: 'v3' }).assets.query();
    await createConnectorClient({ addresses, managementApiVersion: 'v4' }).assets.query();
    expect(edc.requests.map((request) => request.url)).toEqual([
      '/management/v3/assets/request',
      '/management/v4/assets/request',
    ]);
  });

  it('writes v4 bodies with the v4 context, required @type names and an Offer policy', async () => {
    const edc = await connector({ json: V4_AND_V5_BETA });
    const client = createConnectorClient({
      addresses: { management: `${edc.url}/management` },
      managementApiVersion: 'v4',
    });
    await client.contractNegotiations
      .initiate({
        counterPartyAddress: 'http://provider/protocol',
        counterPartyId: 'provider',
        offer: { id: 'offer-1', target: 'asset-1', permissions: [{ action: 'odrl:use', constraints: [] }] },
        callbackAddresses: [{ uri: 'http://callback', events: ['contract.negotiation'] }],
      })
      .catch(() => undefined);
    expect(JSON.parse(edc.requests[0]!.body)).toEqual({
      '@context': ['https://w3id.org/edc/connector/management/v2'],
      '@type': 'ContractRequest',
      counterPartyAddress: 'http://provider/protocol',
      counterPartyId: 'provider',
      protocol: 'dataspace-protocol-http',
      policy: {
        '@type': 'Offer',
        '@id': 'offer-1',
        assigner: 'provider',
        target: 'asset-1',
        permission: [{ action: 'use' }],
      },
      callbackAddresses: [
        { '@type': 'CallbackAddress', uri: 'http://callback', events: ['contract.negotiation'], transactional: false },
      ],
    });
    await expect(client.catalog.request({ counterPartyAddress: 'http://provider/protocol' })).rejects.toMatchObject({
      code: 'InvalidInput',
    });
    expect(edc.requests).toHaveLength(1);
  });
});
