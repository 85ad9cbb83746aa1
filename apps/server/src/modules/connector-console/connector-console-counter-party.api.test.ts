import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import type { TConsoleCatalogResponse, TErrorResponse } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../db/embedded-postgres';
import { requestAs, signInOperator, type TSignedIn } from '../../test/auth';
import { useSandboxConnectors, useTestApp } from '../../test/lifecycle';
import { startTestApp, type TTestApp } from '../../test/test-app';
import { insertConnector } from '../connectors/connector-repository';

const API_KEY = 'counter-party-test-key';
/** Text a counter-party answers with that must never reach an API answer. */
const SECRET = 'COUNTER-PARTY-SECRET-91c2';

let counterParty: http.Server;
let counterPartyUrl: string;
let counterPartyStatus = 500;

beforeAll(async () => {
  // A counter-party that answers every DSP message with a failure whose body it wants the caller to see.
  counterParty = http.createServer((_request, response) => {
    response.writeHead(counterPartyStatus, { 'content-type': 'text/plain' }).end(`${SECRET} internal details`);
  });
  await new Promise<void>((resolve) => counterParty.listen(0, '127.0.0.1', resolve));
  counterPartyUrl = `http://127.0.0.1:${(counterParty.address() as AddressInfo).port}/protocol`;
});

afterAll(async () => {
  counterParty.closeAllConnections();
  await new Promise((resolve) => counterParty.close(resolve));
});

describe('connector console: counter-party addresses without CONNECTOR_ALLOWED_HOSTS', () => {
  const testApp = useTestApp({ CONNECTOR_ALLOWED_HOSTS: '' });
  const sandboxes = useSandboxConnectors(testApp);
  let operator: TSignedIn;

  const call = <T>(path: string, body: unknown) =>
    requestAs<T & TErrorResponse>(testApp, operator, 'POST', `/api/connectors/consumer${path}`, body);

  beforeAll(async () => {
    operator = await signInOperator(testApp);
  });

  const refused: [string, RegExp][] = [
    ['http://169.254.169.254/protocol', /169\.254\.169\.254 is a link-local address/],
    ['http://10.0.0.1/protocol', /10\.0\.0\.1 is a private address/],
    ['http://[::1]:8080/protocol', /::1 is a loopback address/],
    ['http://[::ffff:127.0.0.1]/protocol', /is a loopback address/],
    ['http://[::127.0.0.1]:18001/protocol', /::7f00:1 is an ipv4-compatible address/],
    ['http://localhost:9/protocol', /localhost \((127\.0\.0\.1|::1)\) is a loopback address/],
  ];

  it.each(refused)('refuses a catalog request to %s with a 400 naming the rule', async (address, rule) => {
    const response = await call('/catalog', { counterPartyAddress: address });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.message).toMatch(rule);
    expect(response.body.message).toContain('CONNECTOR_ALLOWED_HOSTS');
    expect(response.body.issues).toEqual([{ path: 'body.counterPartyAddress', message: expect.stringMatching(rule) }]);
  });

  it.each(refused)('refuses a negotiation with %s with a 400 naming the rule', async (address, rule) => {
    const response = await call('/negotiations', { counterPartyAddress: address, datasetId: 'd', offerId: 'o' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(rule);
    expect(response.body.issues?.[0]?.path).toBe('body.counterPartyAddress');
  });

  it.each(refused)('refuses a transfer with %s with a 400 naming the rule', async (address, rule) => {
    const response = await call('/transfers', { counterPartyAddress: address, agreementId: 'agreement' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(rule);
    expect(response.body.issues?.[0]?.path).toBe('body.counterPartyAddress');
  });

  it('refuses a loopback port other than the sandboxes of this process', async () => {
    const response = await call('/catalog', { counterPartyAddress: counterPartyUrl });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('127.0.0.1 is a loopback address');
  });

  it('still lets the demo sandboxes of this process talk to each other', async () => {
    const response = await call<TConsoleCatalogResponse>('/catalog', {
      counterPartyAddress: `${sandboxes.urls.provider}/protocol`,
      counterPartyId: 'provider',
    });
    expect(response.status).toBe(200);
    expect(response.body.datasets.length).toBeGreaterThan(0);
  });
});

describe('connector console: answers of a failing counter-party', () => {
  let testApp: TTestApp;
  let operator: TSignedIn;
  let consumer: Sandbox;

  const call = <T>(path: string, body: unknown) =>
    requestAs<T & TErrorResponse>(testApp, operator, 'POST', `/api/connectors/cp-consumer${path}`, body);

  beforeAll(async () => {
    // The test app allows 127.0.0.1 (CONNECTOR_ALLOWED_HOSTS), where the sandbox and the counter-party listen.
    [testApp, consumer] = await Promise.all([
      startTestApp(),
      startSandbox({ basePath: '/cp-consumer', participantId: 'cp-consumer', apiKey: API_KEY }),
    ]);
    await insertConnector(testApp.database.db, { name: 'Counter-party consumer', url: consumer.url, apiKey: API_KEY });
    operator = await signInOperator(testApp);
  });

  afterAll(async () => {
    await Promise.all([testApp?.close(), consumer?.close()]);
  });

  it('names the status, the connector and the counter-party address of a failed catalog request, never the body', async () => {
    counterPartyStatus = 500;
    const response = await call('/catalog', { counterPartyAddress: counterPartyUrl });
    expect(response.status).toBe(502);
    expect(response.body.code).toBe('BAD_GATEWAY');
    expect(response.body.message).toBe(
      `The connector 'Counter-party consumer' answered HTTP 502 to a catalog request with the counter-party at ${counterPartyUrl}`,
    );
    expect(JSON.stringify(response.body)).not.toContain(SECRET);
  });

  it('keeps a refusal of the counter-party a 4xx without its body', async () => {
    counterPartyStatus = 400;
    const response = await call('/catalog', { counterPartyAddress: counterPartyUrl });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(
      `answered HTTP 400 to a catalog request with the counter-party at ${counterPartyUrl}`,
    );
    expect(JSON.stringify(response.body)).not.toContain(SECRET);
  });

  it('never quotes the counter-party in the error of a negotiation', async () => {
    counterPartyStatus = 500;
    const response = await call('/negotiations', {
      counterPartyAddress: counterPartyUrl,
      datasetId: 'plots',
      offerId: 'offer',
    });
    expect(response.status).toBe(502);
    expect(response.body.message).toContain(`with the counter-party at ${counterPartyUrl}`);
    expect(JSON.stringify(response.body)).not.toContain(SECRET);
  });
});

describe('connector console: a counter-party that redirects', () => {
  // 'localhost' is allowed, as the product's own address is in the demo; 127.0.0.1's other ports are not.
  const testApp = useTestApp({ CONNECTOR_ALLOWED_HOSTS: 'localhost' });
  useSandboxConnectors(testApp);
  let operator: TSignedIn;
  let target: http.Server;
  let redirector: http.Server;
  let redirectTo = '';
  const hits: string[] = [];

  const listen = async (server: http.Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };

  const negotiate = async (counterPartyAddress: string) => {
    const response = await requestAs<TErrorResponse>(
      testApp,
      operator,
      'POST',
      '/api/connectors/consumer/negotiations',
      { counterPartyAddress, counterPartyId: 'provider', datasetId: 'weather-stations-2024', offerId: 'offer' },
    );
    return { status: response.status, code: response.body.code, message: response.body.message };
  };

  beforeAll(async () => {
    operator = await signInOperator(testApp);
    target = http.createServer((incoming, response) => {
      hits.push(incoming.url ?? '');
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    redirector = http.createServer((_incoming, response) => {
      response.writeHead(302, { location: redirectTo }).end();
    });
    await Promise.all([listen(target), listen(redirector)]);
  });

  afterAll(async () => {
    for (const server of [target, redirector]) {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
  });

  it('followed a redirect from an allowed host to another loopback port, and told open from closed ports', async () => {
    const counterPartyAddress = `http://localhost:${(redirector.address() as AddressInfo).port}/protocol`;
    const openPort = (target.address() as AddressInfo).port;
    const closedPort = await findFreePort();
    hits.length = 0;

    redirectTo = `http://127.0.0.1:${openPort}/protocol/catalog/datasets/weather-stations-2024`;
    const toOpen = await negotiate(counterPartyAddress);
    redirectTo = `http://127.0.0.1:${closedPort}/protocol/catalog/datasets/weather-stations-2024`;
    const toClosed = await negotiate(counterPartyAddress);

    expect(hits).toEqual([]);
    expect(toOpen).toEqual({
      status: 502,
      code: 'BAD_GATEWAY',
      message: `The connector 'Consumer sandbox' answered HTTP 502 to a dataset request with the counter-party at ${counterPartyAddress}`,
    });
    expect(toClosed).toEqual(toOpen);
  });

  it("followed the product's own redirect of a broken path (//127.0.0.1:port/dsp%ZZ) to another loopback port", async () => {
    hits.length = 0;
    const ownAddress = `http://localhost:${new URL(testApp.baseUrl).port}`;
    const openPort = (target.address() as AddressInfo).port;
    const response = await negotiate(`${ownAddress}//127.0.0.1:${openPort}/dsp%ZZ`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(hits).toEqual([]);
  });
});
