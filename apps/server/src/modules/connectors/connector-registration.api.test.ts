import { startSandbox } from '@dsm/connector-sandbox';
import { ErrorCode, type TConnectorListResponse, type TRegisteredConnector } from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, signInOperator, type TSignedIn } from '../../test/auth';
import { useSandbox, useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import { upsertSandboxConnector } from './connector-repository';

type TErrorBody = { statusCode: number; code: string; message: string; issues?: { path: string }[] };

const API_KEY = 'registration-test-key';

const testApp = useTestApp();
const guarded = useSandbox({ basePath: '/registered-edc', participantId: 'registered-edc', apiKey: API_KEY });
let operator: TSignedIn;
let user: TSignedIn;

const register = (body: unknown, who: TSignedIn = operator) =>
  request<TRegisteredConnector & TErrorBody>(testApp.baseUrl, 'POST', '/api/connectors', body, who.headers);
const remove = (id: string, who: TSignedIn = operator) =>
  request<TErrorBody>(testApp.baseUrl, 'DELETE', `/api/connectors/${id}`, undefined, who.headers);
const listedIds = async () =>
  (
    await request<TConnectorListResponse>(testApp.baseUrl, 'GET', '/api/connectors', undefined, user.headers)
  ).body.dtos.map((connector) => connector.url.split('/').at(-1));

beforeAll(async () => {
  operator = await signInOperator(testApp, { email: 'connector-operator@example.org' });
  user = await signIn(testApp, { email: 'connector-user@example.org' });
});

describe('registering and removing connectors', () => {
  it('registers a connector for an operator with the API key encrypted at rest and usable for calls', async () => {
    const response = await register({ name: 'Registered EDC', url: guarded.url, apiKey: API_KEY });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: 'registered-edc',
      name: 'Registered EDC',
      url: guarded.url,
      managementUrl: `${guarded.url}/management`,
      protocolUrl: `${guarded.url}/protocol`,
      hasApiKey: true,
      managementApiVersion: 'auto',
      versionUrl: null,
      federatedCatalogUrl: null,
      isSandbox: false,
    });
    expect(JSON.stringify(response.body)).not.toContain(API_KEY);
    const row = await testApp.database.db
      .selectFrom('connectors')
      .select(['api_key', 'api_key_encrypted'])
      .where('id', '=', 'registered-edc')
      .executeTakeFirstOrThrow();
    expect(row.api_key).toBeNull();
    expect(row.api_key_encrypted).toMatch(/^v1:/);
    expect(row.api_key_encrypted).not.toContain(API_KEY);
    expect(await listedIds()).toContain('registered-edc');
    const registered = await requestAs<TRegisteredConnector[]>(testApp, operator, 'GET', '/api/connectors/registered');
    expect(registered.body).toContainEqual(response.body);
    expect((await request(testApp.baseUrl, 'GET', '/api/connectors/registered', undefined, user.headers)).status).toBe(
      403,
    );
    // The guarded sandbox answers only with the right key, so this proves the stored key decrypts.
    const offers = await request(
      testApp.baseUrl,
      'GET',
      '/api/connectors/registered-edc/offers',
      undefined,
      user.headers,
    );
    expect(offers.status).toBe(200);

    const again = await register({ name: 'Twice', url: guarded.url });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(ErrorCode.CONFLICT);

    expect((await remove('registered-edc')).status).toBe(204);
    expect(await listedIds()).not.toContain('registered-edc');
    expect((await remove('registered-edc')).status).toBe(404);
  });

  it('speaks the Management API version registered: auto asks the version API, a fixed one is spoken as given', async () => {
    const v4Only = await startSandbox({
      basePath: '/current-edc',
      participantId: 'current-edc',
      managementApiVersions: ['v4'],
    });
    const offersOf = async (id: string) =>
      (await request(testApp.baseUrl, 'GET', `/api/connectors/${id}/offers`, undefined, user.headers)).status;
    try {
      const auto = await register({ name: 'Current EDC', url: v4Only.url, versionUrl: v4Only.addresses.version });
      expect(auto.status).toBe(201);
      expect(auto.body).toMatchObject({ managementApiVersion: 'auto', versionUrl: v4Only.addresses.version });
      // Only /v4 answers there: the offers are read because auto found v4 through the version API.
      expect(await offersOf('current-edc')).toBe(200);
      expect((await remove('current-edc')).status).toBe(204);

      expect((await register({ name: 'Current EDC', url: v4Only.url, managementApiVersion: 'v3' })).status).toBe(201);
      expect(await offersOf('current-edc')).toBe(502);
      expect((await remove('current-edc')).status).toBe(204);

      const invalid = await register({ name: 'Future EDC', url: v4Only.url, managementApiVersion: 'v5' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.issues?.[0]?.path).toBe('body.managementApiVersion');
    } finally {
      await v4Only.close();
    }
  });

  it('keeps management and protocol addresses the operator gives', async () => {
    const response = await register({
      name: 'Split EDC',
      url: 'https://edc.example.org/split-edc',
      managementUrl: 'https://mgmt.example.org/api/management',
      protocolUrl: 'https://dsp.example.org/api/dsp',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      managementUrl: 'https://mgmt.example.org/api/management',
      protocolUrl: 'https://dsp.example.org/api/dsp',
      hasApiKey: false,
    });
    expect((await remove('split-edc')).status).toBe(204);
  });

  it('answers 403 with the error body to a user without the operator role, changing nothing', async () => {
    const response = await register({ name: 'Sneaky', url: 'https://edc.example.org/sneaky' }, user);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ statusCode: 403, code: ErrorCode.FORBIDDEN });
    expect(response.body.message).toContain('_OPERATOR');
    expect(await listedIds()).not.toContain('sneaky');
    await register({ name: 'Kept', url: 'https://edc.example.org/kept-edc' });
    expect((await remove('kept-edc', user)).status).toBe(403);
    expect(await listedIds()).toContain('kept-edc');
  });

  it('answers 400 naming the field for a URL without a connector segment', async () => {
    const response = await register({ name: 'No id', url: 'https://edc.example.org/' });
    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.path).toBe('body.url');
  });

  it('refuses to remove a demo sandbox the server runs', async () => {
    await upsertSandboxConnector(testApp.database.db, {
      name: 'Provider sandbox',
      url: 'http://127.0.0.1:9/provider',
      apiKey: null,
    });
    const response = await remove('provider');
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('sandbox');
  });
});
