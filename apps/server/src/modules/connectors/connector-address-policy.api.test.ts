import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import {
  ErrorCode,
  type TConnectorOfferListResponse,
  type TErrorResponse,
  type TRegisteredConnector,
} from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOperator, type TSignedIn } from '../../test/auth';
import { useSandboxConnectors, useTestApp } from '../../test/lifecycle';
import { request, startTestApp, type TTestApp } from '../../test/test-app';
import { insertConnector } from './connector-repository';

const API_KEY = 'address-policy-test-key';

let edc: Sandbox;
let redirector: http.Server;
let redirectedPaths: string[] = [];

const portOf = (url: string) => new URL(url).port;

const register = (testApp: TTestApp, who: TSignedIn, body: Record<string, string>) =>
  request<TRegisteredConnector & TErrorResponse>(
    testApp.baseUrl,
    'POST',
    '/api/connectors',
    { name: 'Policy EDC', apiKey: API_KEY, ...body },
    who.headers,
  );

const offersOf = (testApp: TTestApp, who: TSignedIn, connectorId: string) =>
  request<TConnectorOfferListResponse & TErrorResponse>(
    testApp.baseUrl,
    'GET',
    `/api/connectors/${connectorId}/offers`,
    undefined,
    who.headers,
  );

beforeAll(async () => {
  edc = await startSandbox({ basePath: '/policy-edc', participantId: 'policy-edc', apiKey: API_KEY });
  // Answers every request with a redirect to the same path on the sandbox at 127.0.0.1.
  redirector = http.createServer((req, res) => {
    redirectedPaths.push(req.url ?? '');
    res.writeHead(307, { location: `http://127.0.0.1:${portOf(edc.url)}${req.url}` }).end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await edc?.close();
  await new Promise((resolve) => redirector?.close(resolve));
});

describe('connector addresses without CONNECTOR_ALLOWED_HOSTS', () => {
  const testApp = useTestApp({ CONNECTOR_ALLOWED_HOSTS: '' });
  const sandboxes = useSandboxConnectors(testApp);
  let operator: TSignedIn;

  beforeAll(async () => {
    operator = await signInOperator(testApp);
  });

  it.each([
    ['http://127.0.0.1:9/loopback-edc', /127\.0\.0\.1 is a loopback address/],
    ['http://10.0.0.5/internal-edc', /10\.0\.0\.5 is a private address/],
    ['http://169.254.169.254/latest', /169\.254\.169\.254 is a link-local address/],
    ['http://[::1]:8080/v6-edc', /::1 is a loopback address/],
    ['http://[::127.0.0.1]:18001/compatible-edc', /::7f00:1 is an ipv4-compatible address/],
    ['http://203.0.113.10/documentation-edc', /203\.0\.113\.10 is a documentation address/],
    ['http://localhost:9/named-edc', /localhost \((127\.0\.0\.1|::1)\) is a loopback address/],
  ])('refuses to register %s with a 400 naming the address', async (url, problem) => {
    const response = await register(testApp, operator, { url });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.message).toMatch(problem);
    expect(response.body.message).toContain('CONNECTOR_ALLOWED_HOSTS');
    expect(response.body.issues).toEqual([{ path: 'body.url', message: expect.stringMatching(problem) }]);
    const rows = await testApp.database.db.selectFrom('connectors').select('url').where('url', '=', url).execute();
    expect(rows).toEqual([]);
  });

  it('names each refused address of a registration: management, protocol and federated catalog addresses too', async () => {
    const response = await register(testApp, operator, {
      url: 'https://edc.example.org/split-edc',
      managementUrl: 'http://192.168.1.20:8181/management',
      protocolUrl: 'http://100.64.0.7/protocol',
      federatedCatalogUrl: 'http://10.1.2.3/catalog',
    });
    expect(response.status).toBe(400);
    expect(response.body.issues?.map((issue) => issue.path)).toEqual([
      'body.managementUrl',
      'body.protocolUrl',
      'body.federatedCatalogUrl',
    ]);
    expect(response.body.message).toContain('10.1.2.3 is a private address');
    expect(response.body.message).toContain('192.168.1.20 is a private address');
    expect(response.body.message).toContain('100.64.0.7 is a carrier-grade-nat address');
  });

  it('refuses a connector address with a user name and password, which every user would see in the list', async () => {
    const response = await register(testApp, operator, {
      url: 'https://8.8.8.8/credentials-edc',
      managementUrl: 'https://admin:hunter2@8.8.8.8/management',
    });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      { path: 'body.managementUrl', message: 'must not contain a user name or password; use apiKey' },
    ]);
    expect(JSON.stringify(response.body)).not.toContain('hunter2');
  });

  it('registers a connector at a public address', async () => {
    const publicOne = await register(testApp, operator, { url: 'https://8.8.8.8/public-edc' });
    expect(publicOne.status).toBe(201);
    expect(publicOne.body.id).toBe('public-edc');
  });

  it('refuses at call time a registered name that now resolves to a loopback address, before any request', async () => {
    // As if the name's DNS record changed after registration: the row exists, the call must still be refused.
    await insertConnector(testApp.database.db, {
      name: 'Rebound EDC',
      url: `http://localhost:${portOf(edc.url)}/policy-edc`,
      apiKey: API_KEY,
    });
    const response = await offersOf(testApp, operator, 'policy-edc');
    expect(response.status).toBe(503);
    expect(response.body.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
    expect(response.body.message).toMatch(/localhost \((127\.0\.0\.1|::1)\) is a loopback address/);
    await testApp.database.db.deleteFrom('connectors').where('id', '=', 'policy-edc').execute();
  });

  it('still calls the demo sandboxes it started on loopback, but only at their own ports', async () => {
    const offers = await offersOf(testApp, operator, 'provider');
    expect(offers.status).toBe(200);
    expect(offers.body.offers.length).toBeGreaterThan(0);
    const sandboxHost = new URL(sandboxes.urls.provider!).hostname;
    const otherPort = await register(testApp, operator, { url: `http://${sandboxHost}:${portOf(edc.url)}/next-door` });
    expect(otherPort.status).toBe(400);
    expect(otherPort.body.message).toContain('127.0.0.1 is a loopback address');
  });
});

describe('connector addresses with CONNECTOR_ALLOWED_HOSTS=localhost', () => {
  let testApp: TTestApp;
  let operator: TSignedIn;

  beforeAll(async () => {
    redirectedPaths = [];
    testApp = await startTestApp({ CONNECTOR_ALLOWED_HOSTS: 'localhost' });
    operator = await signInOperator(testApp);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('registers and calls a connector on an allowed host although it resolves to loopback', async () => {
    const registered = await register(testApp, operator, { url: `http://localhost:${portOf(edc.url)}/policy-edc` });
    expect(registered.status).toBe(201);
    const offers = await offersOf(testApp, operator, 'policy-edc');
    expect(offers.status).toBe(200);
    expect(offers.body.offers).toEqual([]);
  });

  it('keeps refusing the hosts it does not name', async () => {
    const response = await register(testApp, operator, { url: 'http://127.0.0.1:9/still-refused' });
    expect(response.status).toBe(400);
  });

  it('refuses a redirect from an allowed host to a loopback address it does not allow', async () => {
    await insertConnector(testApp.database.db, {
      name: 'Redirecting EDC',
      url: `http://localhost:${(redirector.address() as AddressInfo).port}/redirect-edc`,
      apiKey: API_KEY,
    });
    const response = await offersOf(testApp, operator, 'redirect-edc');
    expect(redirectedPaths.length).toBeGreaterThan(0);
    expect(response.status).toBe(503);
    expect(response.body.message).toContain('127.0.0.1 is a loopback address');
  });
});
