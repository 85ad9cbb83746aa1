import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorClient } from './connector-client';
import { EDC_CONTEXT, ODRL_CONTEXT_URL } from './constants';
import { createConnectorClient } from './create-connector-client';
import { AddressNotSetError } from './errors';
import * as answers from './test/edc-answers';
import { type RecordedRequest, type Reply, startTestServer, type TestServer } from './test/http-server';

/** Routes of the fake connector: `METHOD path` → answer. */
const routes: Record<string, Reply> = {
  'POST /management/v3/assets': { json: answers.idResponse },
  'PUT /management/v3/assets': { status: 204 },
  'GET /management/v3/assets/asset-id': { json: answers.asset },
  'DELETE /management/v3/assets/asset-id': { status: 204 },
  'POST /management/v3/assets/request': { json: [answers.prefixedAsset, answers.asset] },
  'POST /management/v3/catalog/request': { json: answers.catalog },
  'POST /management/v3/catalog/dataset/request': { json: answers.catalog['dcat:dataset'] },
  'POST /management/v3/contractagreements/request': { json: [answers.agreement] },
  'GET /management/v3/contractagreements/agreement-id': { json: answers.agreement },
  'GET /management/v3/contractagreements/agreement-id/negotiation': { json: answers.negotiation },
  'POST /management/v3/contractdefinitions': { json: answers.idResponse },
  'PUT /management/v3/contractdefinitions': { status: 204 },
  'GET /management/v3/contractdefinitions/definition-id': { json: answers.contractDefinition },
  'DELETE /management/v3/contractdefinitions/definition-id': { status: 204 },
  'POST /management/v3/contractdefinitions/request': { json: [answers.contractDefinition] },
  'POST /management/v3/contractnegotiations': { json: answers.idResponse },
  'POST /management/v3/contractnegotiations/request': { json: [answers.prefixedNegotiation, answers.negotiation] },
  'GET /management/v3/contractnegotiations/negotiation-id': { json: answers.negotiation },
  'GET /management/v3/contractnegotiations/negotiation-id/state': {
    json: { '@context': { edc: 'https://w3id.org/edc/v0.0.1/ns/' }, 'edc:state': 'FINALIZED' },
  },
  'POST /management/v3/contractnegotiations/negotiation-id/terminate': { status: 200 },
  'GET /management/v3/contractnegotiations/negotiation-id/agreement': { json: answers.agreement },
  'GET /management/v3/dataplanes': { json: [answers.dataPlane] },
  'POST /management/v3/edrs/request': { json: [answers.edr] },
  'DELETE /management/v3/edrs/transfer-process-id': { status: 204 },
  'GET /management/v3/edrs/transfer-process-id/dataaddress': { json: answers.edrDataAddress },
  'POST /management/v3/policydefinitions': { json: answers.idResponse },
  'PUT /management/v3/policydefinitions/definition-id': { status: 204 },
  'DELETE /management/v3/policydefinitions/definition-id': { status: 204 },
  'GET /management/v3/policydefinitions/definition-id': { json: answers.policyDefinition },
  'POST /management/v3/policydefinitions/request': { json: [answers.policyDefinition] },
  'POST /management/v3/secrets': { json: answers.idResponse },
  'GET /management/v3/secrets/secret-id': { json: answers.secret },
  'PUT /management/v3/secrets': { status: 204 },
  'DELETE /management/v3/secrets/secret-id': { status: 204 },
  'POST /management/v3/transferprocesses': { json: answers.idResponse },
  'GET /management/v3/transferprocesses/process-id': { json: answers.transferProcess },
  'POST /management/v3/transferprocesses/request': { json: [answers.transferProcess] },
  'GET /management/v3/transferprocesses/process-id/state': { json: { '@context': {}, state: 'STARTED' } },
  'POST /management/v3/transferprocesses/process-id/terminate': { status: 204 },
  'POST /management/v3/transferprocesses/process-id/deprovision': { status: 204 },
  'GET /api/check/health': { json: answers.healthStatus },
  'GET /api/check/liveness': { json: answers.healthStatus },
  'GET /api/check/readiness': { json: answers.healthStatus },
  'GET /api/check/startup': { json: answers.healthStatus },
  'GET /public/': { chunks: ['hello ', 'world'], headers: { 'content-type': 'text/plain' } },
  'GET /public/data/items?limit=2': { chunks: ['[1,2]'] },
  'POST /catalog/v1alpha/catalog/query': { json: [answers.catalog] },
};

let server: TestServer;
let client: ConnectorClient;

beforeAll(async () => {
  server = await startTestServer((request) => routes[`${request.method} ${request.url}`] ?? { status: 404, text: '' });
  client = createConnectorClient({
    addresses: {
      default: `${server.url}/api`,
      protocol: `${server.url}/protocol`,
      management: `${server.url}/management/`,
      control: `${server.url}/control`,
      public: `${server.url}/public`,
      federatedCatalog: `${server.url}/catalog`,
    },
    apiKey: 'secret-key',
  });
});

afterAll(() => server.close());

/** Runs `call` and returns the one request it made. */
async function only<T>(call: () => Promise<T>): Promise<{ result: T; request: RecordedRequest; body: unknown }> {
  const before = server.requests.length;
  const result = await call();
  expect(server.requests.length - before).toBe(1);
  const request = server.requests.at(-1)!;
  return { result, request, body: request.body === '' ? undefined : JSON.parse(request.body) };
}

/** A flat answer of the examples as the client reads it: its `@id` as `id`, its other fields but `@type` as they are. */
function read({
  '@context': _context,
  '@type': _type,
  '@id': id,
  ...fields
}: Record<string, unknown>): Record<string, unknown> {
  return { id, ...fields };
}

/** Calls `terminate` and expects its one request to carry EDC's termination body of `type`: the id and the reason. */
async function expectTermination(
  terminate: (id: string, reason: string) => Promise<void>,
  type: string,
  id: string,
  reason: string,
): Promise<void> {
  const { body } = await only(() => terminate(id, reason));
  expect(body).toEqual({ '@context': EDC_CONTEXT, '@type': type, '@id': id, reason });
}

describe('connector client: assets', () => {
  it('creates an asset with the EDC context and answers the id', async () => {
    const { result, request, body } = await only(() =>
      client.assets.create({
        id: 'asset-id',
        properties: { name: 'Weather' },
        dataAddress: { type: 'HttpData', baseUrl: 'http://example.org' },
      }),
    );
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/management/v3/assets');
    expect(request.headers['content-type']).toBe('application/json');
    expect(body).toEqual({
      '@context': EDC_CONTEXT,
      '@type': 'Asset',
      '@id': 'asset-id',
      properties: { name: 'Weather' },
      dataAddress: { '@type': 'DataAddress', type: 'HttpData', baseUrl: 'http://example.org' },
    });
    expect(result).toEqual({ id: 'new-id', createdAt: 1688465655 });
  });

  it('updates, gets and deletes an asset', async () => {
    const update = await only(() =>
      client.assets.update({ id: 'asset-id', properties: {}, dataAddress: { type: 'HttpData' } }),
    );
    expect(update.request.method).toBe('PUT');
    expect(update.body).toMatchObject({ '@id': 'asset-id' });

    const { result } = await only(() => client.assets.get('asset-id'));
    expect(result).toEqual({
      id: 'asset-id',
      properties: { key: 'value', name: 'Weather' },
      privateProperties: { privateKey: 'privateValue' },
      dataAddress: { type: 'HttpData', baseUrl: 'https://jsonplaceholder.typicode.com/todos' },
      createdAt: 1688465655,
    });

    const removal = await only(() => client.assets.delete('asset-id'));
    expect(removal.request.method).toBe('DELETE');
    expect(removal.result).toBeUndefined();
  });

  it('queries with a null body and reads edc:-prefixed answers, sorted by id ascending', async () => {
    const { result, body, request } = await only(() => client.assets.query());
    expect(body).toBeUndefined();
    expect(request.headers['content-type']).toBeUndefined();
    expect(result.map((asset) => asset.id)).toEqual(['asset-2', 'asset-id']);
    expect(result[0]).toEqual({
      id: 'asset-2',
      properties: { name: 'Prefixed', description: 'full IRI key' },
      privateProperties: {},
      dataAddress: { type: 'HttpData', baseUrl: 'http://example.org' },
      createdAt: 1,
    });
  });

  it('queries with a filter in a query spec sorted by id ascending', async () => {
    const { body } = await only(() =>
      client.assets.query({ filter: [{ operandLeft: 'id', operator: '=', operandRight: 'asset-id' }], limit: 5 }),
    );
    expect(body).toEqual({
      '@context': EDC_CONTEXT,
      '@type': 'QuerySpec',
      limit: 5,
      sortField: 'id',
      sortOrder: 'ASC',
      filterExpression: [{ '@type': 'Criterion', operandLeft: 'id', operator: '=', operandRight: 'asset-id' }],
    });
  });
});

describe('connector client: catalog', () => {
  it('requests a catalog with the protocol and reads the odrl:/dcat:-prefixed DCAT answer', async () => {
    const { result, body } = await only(() =>
      client.catalog.request({ counterPartyAddress: 'http://provider/protocol', counterPartyId: 'provider' }),
    );
    expect(body).toEqual({
      '@context': EDC_CONTEXT,
      '@type': 'CatalogRequest',
      counterPartyAddress: 'http://provider/protocol',
      counterPartyId: 'provider',
      protocol: 'dataspace-protocol-http',
    });
    expect(result.id).toBe('7df65569-8c59-4013-b1c0-fa14f6641bf2');
    expect(result.participantId).toBe('urn:connector:provider');
    expect(result.services).toEqual([
      { id: '5e839777-d93e-4785-8972-1005f51cf367', endpointUrl: 'http://localhost:16806/protocol' },
    ]);
    const [dataset] = result.datasets;
    expect(dataset?.id).toBe('bcca61be-e82e-4da6-bfec-9716a56cef35');
    expect(dataset?.properties).toMatchObject({ description: 'description' });
    expect(dataset?.distributions).toEqual([
      { format: 'HttpData', accessService: '5e839777-d93e-4785-8972-1005f51cf367' },
    ]);
    expect(dataset?.offers).toEqual([
      {
        id: 'OGU0:YmNj:NDY2',
        type: 'Offer',
        assigner: 'urn:connector:provider',
        target: 'bcca61be-e82e-4da6-bfec-9716a56cef35',
        permissions: [
          {
            action: 'use',
            target: 'bcca61be-e82e-4da6-bfec-9716a56cef35',
            constraints: [
              {
                operator: 'and',
                constraints: [
                  {
                    leftOperand: 'https://w3id.org/edc/v0.0.1/ns/inForceDate',
                    operator: 'gteq',
                    rightOperand: '2023-07-07T07:19:58.585601395Z',
                  },
                ],
              },
            ],
          },
        ],
        prohibitions: [],
        obligations: [],
      },
    ]);
  });

  it('sends a query spec when a catalog request is narrowed', async () => {
    const { body } = await only(() =>
      client.catalog.request({
        counterPartyAddress: 'http://provider/protocol',
        filter: [{ operandLeft: 'id', operator: '=', operandRight: 'x' }],
      }),
    );
    expect(body).toMatchObject({
      querySpec: { '@type': 'QuerySpec', sortField: 'id', sortOrder: 'ASC', filterExpression: [{ operandLeft: 'id' }] },
    });
  });

  it('requests one dataset with the protocol', async () => {
    const { result, body } = await only(() =>
      client.catalog.requestDataset({ id: 'bcca61be-e82e-4da6-bfec-9716a56cef35', counterPartyAddress: 'http://p' }),
    );
    expect(body).toMatchObject({ '@type': 'DatasetRequest', '@id': 'bcca61be-e82e-4da6-bfec-9716a56cef35' });
    expect(body).toMatchObject({ protocol: 'dataspace-protocol-http' });
    expect(result.offers[0]?.id).toBe('OGU0:YmNj:NDY2');
  });
});

describe('connector client: contract agreements and definitions', () => {
  it('queries and gets agreements and their negotiation', async () => {
    const expected = {
      ...read(answers.agreement),
      policy: {
        id: 'offer-id',
        type: 'Set',
        permissions: [{ action: 'display', target: 'asset-id', constraints: [] }],
        prohibitions: [],
        obligations: [],
      },
    };
    expect((await only(() => client.contractAgreements.query())).result).toEqual([expected]);
    expect((await only(() => client.contractAgreements.get('agreement-id'))).result).toEqual(expected);
    const negotiation = await only(() => client.contractAgreements.getNegotiation('agreement-id'));
    expect(negotiation.result).toMatchObject({ id: 'negotiation-id', state: 'FINALIZED' });
  });

  it('creates, updates, gets, deletes and queries contract definitions', async () => {
    const input = {
      id: 'definition-id',
      accessPolicyId: 'asset-policy-id',
      contractPolicyId: 'contract-policy-id',
      assetsSelector: [{ operandLeft: 'https://w3id.org/edc/v0.0.1/ns/id', operator: '=', operandRight: 'asset-id' }],
    };
    const created = await only(() => client.contractDefinitions.create(input));
    expect(created.body).toEqual({
      '@context': EDC_CONTEXT,
      '@type': 'ContractDefinition',
      '@id': 'definition-id',
      accessPolicyId: 'asset-policy-id',
      contractPolicyId: 'contract-policy-id',
      assetsSelector: [{ '@type': 'Criterion', ...input.assetsSelector[0] }],
    });
    expect((await only(() => client.contractDefinitions.update(input))).request.method).toBe('PUT');
    const { result } = await only(() => client.contractDefinitions.get('definition-id'));
    expect(result).toEqual({ ...input, createdAt: 1688465655 });
    expect((await only(() => client.contractDefinitions.delete('definition-id'))).request.method).toBe('DELETE');
    expect((await only(() => client.contractDefinitions.query())).result).toHaveLength(1);
  });
});

describe('connector client: contract negotiations', () => {
  it('initiates with the protocol and the offer as an ODRL policy', async () => {
    const { body, result } = await only(() =>
      client.contractNegotiations.initiate({
        counterPartyAddress: 'http://provider/protocol',
        counterPartyId: 'provider',
        offer: {
          id: 'offer-1',
          target: 'asset-id',
          permissions: [
            {
              action: 'use',
              constraints: [{ leftOperand: 'https://w3id.org/edc/v0.0.1/ns/x', operator: 'eq', rightOperand: 'y' }],
            },
          ],
        },
      }),
    );
    expect(body).toEqual({
      '@context': EDC_CONTEXT,
      '@type': 'ContractRequest',
      counterPartyAddress: 'http://provider/protocol',
      counterPartyId: 'provider',
      protocol: 'dataspace-protocol-http',
      policy: {
        '@context': ODRL_CONTEXT_URL,
        '@type': 'Offer',
        '@id': 'offer-1',
        assigner: 'provider',
        target: 'asset-id',
        permission: [
          {
            action: 'use',
            constraint: [{ leftOperand: 'https://w3id.org/edc/v0.0.1/ns/x', operator: 'eq', rightOperand: 'y' }],
          },
        ],
        prohibition: [],
        obligation: [],
      },
    });
    expect(result.id).toBe('new-id');
  });

  it('queries, gets, reads the state, terminates and fetches the agreement', async () => {
    const listed = await only(() => client.contractNegotiations.query());
    expect(listed.result.map((n) => [n.id, n.type, n.state])).toEqual([
      ['negotiation-2', 'PROVIDER', 'REQUESTED'],
      ['negotiation-id', 'CONSUMER', 'FINALIZED'],
    ]);
    const got = await only(() => client.contractNegotiations.get('negotiation-id'));
    expect(got.result).toEqual({
      id: 'negotiation-id',
      type: 'CONSUMER',
      state: 'FINALIZED',
      protocol: 'dataspace-protocol-http',
      counterPartyId: 'counter-party-id',
      counterPartyAddress: 'http://counter/party/address',
      contractAgreementId: 'agreement-id',
      createdAt: 1688465655,
      callbackAddresses: [{ uri: 'http://callback/url', events: ['contract.negotiation'], transactional: false }],
    });
    expect((await only(() => client.contractNegotiations.getState('negotiation-id'))).result).toEqual({
      state: 'FINALIZED',
    });
    await expectTermination(
      client.contractNegotiations.terminate,
      'TerminateNegotiation',
      'negotiation-id',
      'changed my mind',
    );
    const agreement = await only(() => client.contractNegotiations.getAgreement('negotiation-id'));
    expect(agreement.result.id).toBe('agreement-id');
  });

  it('waits until the negotiation reaches a wanted state', async () => {
    await expect(
      client.contractNegotiations.waitForState('negotiation-id', ['FINALIZED'], { intervalMs: 1 }),
    ).resolves.toEqual({ state: 'FINALIZED' });
    await expect(
      client.contractNegotiations.waitForState('negotiation-id', ['AGREED'], { intervalMs: 1 }),
    ).rejects.toThrow('something went wrong: negotiation negotiation-id reached FINALIZED instead of AGREED');
  });
});

describe('connector client: data planes, EDRs, policies, secrets', () => {
  it('lists data planes', async () => {
    const { result, request } = await only(() => client.dataplanes.list());
    expect(request.method).toBe('GET');
    expect(result).toEqual([{ ...read(answers.dataPlane), properties: {} }]);
  });

  it('queries and deletes EDRs and reads an edc:-prefixed data address', async () => {
    expect((await only(() => client.edrs.query())).result).toEqual([read(answers.edr)]);
    expect((await only(() => client.edrs.delete('transfer-process-id'))).request.method).toBe('DELETE');
    const { result } = await only(() => client.edrs.getDataAddress('transfer-process-id'));
    expect(result).toEqual({
      type: 'https://w3id.org/idsa/v4.1/HTTP',
      endpoint: 'http://provider/public',
      authorization: 'token-123',
      authType: 'bearer',
      endpointType: 'https://w3id.org/idsa/v4.1/HTTP',
    });
  });

  it('creates, updates, deletes, gets and queries policy definitions', async () => {
    const policy = {
      permissions: [{ action: 'use', constraints: [] }],
    };
    const created = await only(() => client.policyDefinitions.create({ id: 'definition-id', policy }));
    expect(created.body).toEqual({
      '@context': EDC_CONTEXT,
      '@type': 'PolicyDefinition',
      '@id': 'definition-id',
      policy: {
        '@context': ODRL_CONTEXT_URL,
        '@type': 'Set',
        permission: [{ action: 'use' }],
        prohibition: [],
        obligation: [],
      },
    });
    const updated = await only(() => client.policyDefinitions.update('definition-id', { policy }));
    expect(updated.request.method).toBe('PUT');
    expect(updated.request.url).toBe('/management/v3/policydefinitions/definition-id');
    expect((await only(() => client.policyDefinitions.delete('definition-id'))).request.method).toBe('DELETE');
    const { result } = await only(() => client.policyDefinitions.get('definition-id'));
    expect(result).toEqual({
      id: 'definition-id',
      createdAt: 1688465655,
      policy: {
        id: 'policy-1',
        type: 'Set',
        permissions: [
          {
            action: 'use',
            constraints: [
              {
                operator: 'and',
                constraints: [
                  {
                    leftOperand: 'https://w3id.org/edc/v0.0.1/ns/inForceDate',
                    operator: 'gteq',
                    rightOperand: '2023-07-07T07:19:58Z',
                  },
                  {
                    leftOperand: 'https://w3id.org/edc/v0.0.1/ns/inForceDate',
                    operator: 'lteq',
                    rightOperand: '2023-07-12T07:19:58Z',
                  },
                ],
              },
            ],
          },
        ],
        prohibitions: [],
        obligations: [],
      },
    });
    expect((await only(() => client.policyDefinitions.query())).result).toHaveLength(1);
  });

  it('creates, gets, updates and deletes secrets', async () => {
    const created = await only(() => client.secrets.create({ id: 'secret-id', value: 'v1' }));
    expect(created.body).toEqual({ '@context': EDC_CONTEXT, '@type': 'Secret', '@id': 'secret-id', value: 'v1' });
    expect((await only(() => client.secrets.get('secret-id'))).result).toEqual({
      id: 'secret-id',
      value: 'secret-value',
    });
    const updated = await only(() => client.secrets.update({ id: 'secret-id', value: 'v2' }));
    expect([updated.request.method, updated.request.url]).toEqual(['PUT', '/management/v3/secrets']);
    expect((await only(() => client.secrets.delete('secret-id'))).request.method).toBe('DELETE');
  });
});

describe('connector client: transfer processes', () => {
  it('initiates a transfer with the protocol', async () => {
    const { body } = await only(() =>
      client.transferProcesses.initiate({
        counterPartyAddress: 'http://provider/protocol',
        contractId: 'agreement-id',
        transferType: 'HttpData-PULL',
        dataDestination: { type: 'HttpProxy' },
      }),
    );
    expect(body).toEqual({
      '@context': EDC_CONTEXT,
      '@type': 'TransferRequest',
      counterPartyAddress: 'http://provider/protocol',
      contractId: 'agreement-id',
      protocol: 'dataspace-protocol-http',
      transferType: 'HttpData-PULL',
      dataDestination: { '@type': 'DataAddress', type: 'HttpProxy' },
    });
  });

  it('gets, queries, reads the state, terminates and deprovisions', async () => {
    const expected = read(answers.transferProcess);
    expect((await only(() => client.transferProcesses.get('process-id'))).result).toEqual(expected);
    expect((await only(() => client.transferProcesses.query())).result).toEqual([expected]);
    expect((await only(() => client.transferProcesses.getState('process-id'))).result).toEqual({ state: 'STARTED' });
    await expectTermination(client.transferProcesses.terminate, 'TerminateTransfer', 'process-id', 'done');
    const deprovisioned = await only(() => client.transferProcesses.deprovision('process-id'));
    expect([deprovisioned.request.method, deprovisioned.body]).toEqual(['POST', undefined]);
  });
});

describe('connector client: health, public data plane, federated catalog', () => {
  it('runs the four health checks on the default address', async () => {
    for (const check of ['health', 'liveness', 'readiness', 'startup'] as const) {
      const { result, request } = await only(() => client.health[check]());
      expect(request.url).toBe(`/api/check/${check}`);
      expect(result).toEqual({ isSystemHealthy: true, componentResults: [{ component: 'db', isHealthy: true }] });
    }
  });

  it('streams the public data plane with the caller headers and without the API key', async () => {
    const { result, request } = await only(() => client.publicData.get({ headers: { authorization: 'token-123' } }));
    expect(request.headers.authorization).toBe('token-123');
    expect(request.headers['x-api-key']).toBeUndefined();
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('text/plain');
    expect(await new Response(result.body).text()).toBe('hello world');

    const sub = await only(() => client.publicData.get({ path: 'data/items', query: { limit: '2' } }));
    expect(await new Response(sub.result.body).json()).toEqual([1, 2]);
  });

  it('queries the federated catalog', async () => {
    const { result, body, request } = await only(() => client.federatedCatalog.query());
    expect(request.url).toBe('/catalog/v1alpha/catalog/query');
    expect(body).toBeUndefined();
    expect(result[0]?.participantId).toBe('urn:connector:provider');
  });
});

describe('connector client: credentials and addresses', () => {
  it('sends the API key, and an empty X-Api-Key when none is set', async () => {
    const keyed = await only(() => client.dataplanes.list());
    expect(keyed.request.headers['x-api-key']).toBe('secret-key');
    expect(keyed.request.headers.authorization).toBeUndefined();

    const keyless = createConnectorClient({ addresses: { management: `${server.url}/management` } });
    const { request } = await only(() => keyless.dataplanes.list());
    expect(request.headers['x-api-key']).toBe('');
  });

  it('sends a signed-in user bearer token on management calls only', async () => {
    const asUser = client.withBearerToken('user-token');
    const management = await only(() => asUser.dataplanes.list());
    expect(management.request.headers.authorization).toBe('Bearer user-token');
    expect(management.request.headers['x-api-key']).toBe('secret-key');
    const health = await only(() => asUser.health.health());
    expect(health.request.headers.authorization).toBeUndefined();

    let current = 'first';
    const refreshing = createConnectorClient({
      addresses: { management: `${server.url}/management` },
      bearerToken: () => current,
    });
    current = 'second';
    const { request } = await only(() => refreshing.dataplanes.list());
    expect(request.headers.authorization).toBe('Bearer second');
  });

  it('throws "\'{address}\' has not been set on the client" for an unset address', async () => {
    const bare = createConnectorClient({ addresses: {} });
    const before = server.requests.length;
    await expect(bare.assets.get('x')).rejects.toThrow(new AddressNotSetError('management'));
    await expect(bare.assets.get('x')).rejects.toThrow("'management' has not been set on the client");
    await expect(bare.health.startup()).rejects.toThrow("'default' has not been set on the client");
    await expect(bare.publicData.get()).rejects.toThrow("'public' has not been set on the client");
    await expect(bare.federatedCatalog.query()).rejects.toThrow("'federatedCatalog' has not been set on the client");
    expect(server.requests.length).toBe(before);
  });
});
