import { createConnectorClient } from '@dsm/connector-client';
import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import {
  ErrorCode,
  type TConnectorHealthResponse,
  type TConsoleAsset,
  type TConsoleAssetListResponse,
  type TConsoleContractDefinition,
  type TConsolePolicyDefinition,
  type TErrorResponse,
} from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, signInOperator, type TSignedIn } from '../../test/auth';
import { startTestApp, type TBody, type TTestApp } from '../../test/test-app';
import { insertConnector } from '../connectors/connector-repository';

const API_KEY = 'console-test-key';

let testApp: TTestApp;
let edc: Sandbox;
let other: Sandbox;
let operator: TSignedIn;
let user: TSignedIn;

const call = <T>(method: string, path: string, body?: unknown, who: TSignedIn = operator) =>
  requestAs<TBody<T>>(testApp, who, method, `/api/connectors/console-edc${path}`, body);

beforeAll(async () => {
  [testApp, edc, other] = await Promise.all([
    startTestApp(),
    startSandbox({ basePath: '/console-edc', participantId: 'console-edc', apiKey: API_KEY }),
    startSandbox({ basePath: '/console-consumer', participantId: 'console-consumer', apiKey: API_KEY }),
  ]);
  await insertConnector(testApp.database.db, { name: 'Console EDC', url: edc.url, apiKey: API_KEY });
  operator = await signInOperator(testApp, { email: 'console-operator@example.org' });
  user = await signIn(testApp, { email: 'console-user@example.org' });
});

afterAll(async () => {
  await Promise.all([testApp?.close(), edc?.close(), other?.close()]);
});

describe('connector console', () => {
  it('answers the four health checks', async () => {
    const response = await call<TConnectorHealthResponse>('GET', '/health');
    expect(response.status).toBe(200);
    expect(response.body.checks.map((check) => [check.name, check.isHealthy, check.error])).toEqual([
      ['health', true, null],
      ['liveness', true, null],
      ['readiness', true, null],
      ['startup', true, null],
    ]);
  });

  it('creates an asset, a contract definition under a policy, and the offer shows in the catalog of another connector', async () => {
    const asset = await call<TConsoleAsset>('POST', '/assets', {
      id: 'console-weather',
      name: 'Weather readings',
      contentType: 'text/csv',
      baseUrl: 'https://data.example.org/weather.csv',
    });
    expect(asset.status).toBe(201);
    expect(asset.body).toMatchObject({
      id: 'console-weather',
      name: 'Weather readings',
      contentType: 'text/csv',
      dataAddressType: 'HttpData',
      baseUrl: 'https://data.example.org/weather.csv',
    });
    const duplicate = await call('POST', '/assets', {
      id: 'console-weather',
      name: 'Again',
      baseUrl: 'https://x.org/',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe(ErrorCode.CONFLICT);

    const policy = await call<TConsolePolicyDefinition>('POST', '/policy-definitions', {
      id: 'console-open',
      permissions: [{ action: 'use', constraints: [] }],
    });
    expect(policy.status).toBe(201);
    const policies = await call<TConsolePolicyDefinition[]>('GET', '/policy-definitions');
    expect(policies.body).toContainEqual({ id: 'console-open', permittedActions: ['use'], constraintCount: 0 });

    const definition = await call<TConsoleContractDefinition>('POST', '/contract-definitions', {
      id: 'console-weather-offer',
      accessPolicyId: 'console-open',
      contractPolicyId: 'console-open',
      assetIds: ['console-weather'],
    });
    expect(definition.status).toBe(201);
    expect(definition.body).toEqual({
      id: 'console-weather-offer',
      accessPolicyId: 'console-open',
      contractPolicyId: 'console-open',
      assetIds: ['console-weather'],
    });
    const definitions = await call<TConsoleContractDefinition[]>('GET', '/contract-definitions');
    expect(definitions.body.map((entry) => entry.id)).toContain('console-weather-offer');

    const catalog = await createConnectorClient({ addresses: other.addresses, apiKey: API_KEY }).catalog.request({
      counterPartyAddress: edc.addresses.protocol,
      counterPartyId: 'console-edc',
    });
    expect(catalog.datasets.map((dataset) => dataset.id)).toContain('console-weather');

    const inUse = await call('DELETE', '/policy-definitions/console-open');
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toEqual(expect.any(String));
    expect((await call('DELETE', '/contract-definitions/console-weather-offer')).status).toBe(204);
    expect((await call('DELETE', '/policy-definitions/console-open')).status).toBe(204);
    expect((await call('DELETE', '/assets/console-weather')).status).toBe(204);
    const gone = await call('DELETE', '/assets/console-weather');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toContain('console-weather');
  });

  it('creates policy definitions from ODRL rules with constraints and from JSON-LD, refusing invalid JSON-LD', async () => {
    const fromForm = await call<TConsolePolicyDefinition>('POST', '/policy-definitions', {
      id: 'console-germany',
      permissions: [
        {
          action: 'use',
          constraints: [{ leftOperand: 'http://www.w3.org/ns/odrl/2/spatial', operator: 'eq', rightOperand: 'DE' }],
        },
      ],
    });
    expect(fromForm.status).toBe(201);
    expect(fromForm.body).toEqual({ id: 'console-germany', permittedActions: ['use'], constraintCount: 1 });

    const fromJsonLd = await call<TConsolePolicyDefinition>('POST', '/policy-definitions', {
      id: 'console-json-ld',
      jsonLd: JSON.stringify({
        '@context': 'http://www.w3.org/ns/odrl.jsonld',
        '@type': 'odrl:Set',
        'odrl:permission': {
          'odrl:action': { '@id': 'odrl:use' },
          'odrl:constraint': [{ leftOperand: 'elapsedTime', operator: { '@id': 'odrl:lteq' }, rightOperand: 'P12M' }],
        },
      }),
    });
    expect(fromJsonLd.status).toBe(201);
    expect(fromJsonLd.body).toEqual({ id: 'console-json-ld', permittedActions: ['use'], constraintCount: 1 });

    const invalid = await call<{ issues: { path: string }[] }>('POST', '/policy-definitions', {
      id: 'console-invalid',
      jsonLd: JSON.stringify({ '@type': 'Set', permission: [{ action: 'use', constraint: [{ leftOperand: 'x' }] }] }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues[0]?.path).toBe('body.jsonLd.permission[0].constraint[0].operator');
    const notJson = await call('POST', '/policy-definitions', { id: 'console-invalid', jsonLd: '{nope' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toContain('is not JSON');
  });

  it('pages and filters the assets', async () => {
    for (const id of ['page-a', 'page-b', 'page-c']) {
      await call('POST', '/assets', { id, name: id, baseUrl: `https://data.example.org/${id}` });
    }
    const first = await call<TConsoleAssetListResponse>('GET', '/assets?filter=page-&limit=2');
    expect(first.body.assets.map((asset) => asset.id)).toEqual(['page-a', 'page-b']);
    expect(first.body.hasMore).toBe(true);
    const second = await call<TConsoleAssetListResponse>('GET', '/assets?filter=page-&limit=2&offset=2');
    expect(second.body.assets.map((asset) => asset.id)).toEqual(['page-c']);
    expect(second.body.hasMore).toBe(false);
  });

  it('shows the connector’s message for a refused asset and 400 for a bad form', async () => {
    const response = await call('POST', '/assets', { id: 'x', name: 'No URL', baseUrl: 'ftp://x' });
    expect(response.status).toBe(400);
  });

  // A lone surrogate made encodeURIComponent throw on the way to the connector: 500.
  it.each([
    ['an asset id', 'POST', '/assets', { id: 'asset-\ud800', name: 'A', baseUrl: 'https://x.org/' }, 'body.id'],
    ['a policy definition id', 'POST', '/policy-definitions', { id: 'p-\udc00', permissions: [] }, 'body.id'],
    [
      'a policy definition id beside JSON-LD',
      'POST',
      '/policy-definitions',
      { id: '\ud800', jsonLd: '{"@type":"Set"}' },
      'body.id',
    ],
    [
      'a contract definition id',
      'POST',
      '/contract-definitions',
      { id: 'c-\ud800', accessPolicyId: 'a', contractPolicyId: 'b', assetIds: [] },
      'body.id',
    ],
    [
      'an access policy id',
      'POST',
      '/contract-definitions',
      { id: 'c', accessPolicyId: '\ud800', contractPolicyId: 'b', assetIds: [] },
      'body.accessPolicyId',
    ],
    [
      'a contract policy id',
      'POST',
      '/contract-definitions',
      { id: 'c', accessPolicyId: 'a', contractPolicyId: 'b\udfff', assetIds: [] },
      'body.contractPolicyId',
    ],
    [
      'an asset id of a contract definition',
      'POST',
      '/contract-definitions',
      { id: 'c', accessPolicyId: 'a', contractPolicyId: 'b', assetIds: ['ok', '\ud800x'] },
      'body.assetIds.1',
    ],
  ])('answers 400 naming the field for a lone surrogate in %s, never 500', async (_what, method, path, body, field) => {
    const response = await call<{ issues?: { path: string; message: string }[] }>(method, path, body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.issues?.map((issue) => issue.path)).toContain(field);
    expect(response.body.message).toContain('lone surrogate');
  });

  it('answers 403 to a user without the operator role and 404 for an unknown connector', async () => {
    const forbidden = await call('GET', '/health', undefined, user);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe(ErrorCode.FORBIDDEN);
    const unknown = await requestAs<TErrorResponse>(testApp, operator, 'GET', '/api/connectors/nowhere/assets');
    expect(unknown.status).toBe(404);
  });
});
