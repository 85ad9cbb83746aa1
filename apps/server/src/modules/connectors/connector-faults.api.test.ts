import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, type TConnectorHealthResponse, type TErrorResponse, ZErrorResponse } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth';
import { request, startTestApp, type TTestApp } from '../../test/test-app';
import { operatorRoleOf } from '../harvest/operator-policy';
import { insertConnector } from './connector-repository';

/** The configured limit of one connector call in this file: short, so the test is quick. */
const TIMEOUT_MS = 600;

/**
 * Connectors that fail in the ways a real network does, one per base path: `/silent` takes the
 * request and never answers, `/stalling` sends headers and then nothing, `/html` answers a web
 * page, `/garbage` answers JSON of the wrong shape, `/broken` answers JSON cut off in the middle.
 */
function startFaultyConnectors(): Promise<{ url: (kind: string) => string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const kind = req.url?.split('/')[1];
    req.resume();
    if (kind === 'silent') return;
    if (kind === 'stalling') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      return;
    }
    if (kind === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>');
    }
    if (kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(req.method === 'POST' ? { hello: 'world' } : [1, 'two', null]));
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[{"@id": "half');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: (kind) => `http://127.0.0.1:${port}/${kind}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

let testApp: TTestApp;
let faulty: Awaited<ReturnType<typeof startFaultyConnectors>>;
let user: Record<string, string>;
let operator: Record<string, string>;

async function timedGet<T>(path: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await request<T & TErrorResponse>(testApp.baseUrl, 'GET', path, undefined, headers);
  return { ...response, ms: performance.now() - started };
}

function expectError(response: { status: number; body: unknown }, status: number, code: string): string {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const body = ZErrorResponse.parse(response.body);
  expect(body).toMatchObject({ statusCode: status, code });
  return body.message;
}

beforeAll(async () => {
  faulty = await startFaultyConnectors();
  testApp = await startTestApp({ CONNECTOR_TIMEOUT_MS: String(TIMEOUT_MS), CONNECTOR_ALLOWED_HOSTS: '127.0.0.1' });
  user = (await signIn(testApp)).headers;
  operator = (await signIn(testApp, { roles: [testApp.config.userRole, operatorRoleOf(testApp.config.productId)] }))
    .headers;
  for (const kind of ['silent', 'stalling', 'html', 'garbage', 'broken']) {
    await insertConnector(testApp.database.db, { name: `${kind} connector`, url: faulty.url(kind), apiKey: 'key' });
  }
});

afterAll(async () => {
  await testApp?.close();
  await faulty?.close();
});

describe('a connector that does not answer in time', () => {
  it('gives 504 with the common body within the configured timeout, for the offers list', async () => {
    for (const kind of ['silent', 'stalling']) {
      const response = await timedGet(`/api/connectors/${kind}/offers`, user);
      const message = expectError(response, 504, ErrorCode.GATEWAY_TIMEOUT);
      expect(message).toBe(
        `The connector '${kind} connector' (${faulty.url(kind)}) did not answer within ${TIMEOUT_MS / 1000} s`,
      );
      expect(response.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(response.ms).toBeLessThan(TIMEOUT_MS + 1_000);
    }
  });

  it('gives 504 in the connector console too', async () => {
    const response = await timedGet('/api/connectors/silent/assets', operator);
    expectError(response, 504, ErrorCode.GATEWAY_TIMEOUT);
    expect(response.ms).toBeLessThan(TIMEOUT_MS + 1_000);
  });

  it('shows every health check as failed with the reason, in time', async () => {
    const response = await timedGet<TConnectorHealthResponse>('/api/connectors/silent/health', operator);
    expect(response.status).toBe(200);
    expect(response.body.checks.length).toBeGreaterThan(0);
    for (const check of response.body.checks) {
      expect(check.isHealthy).toBe(false);
      expect(check.error).toContain(`did not answer within ${TIMEOUT_MS / 1000} s`);
    }
    expect(response.ms).toBeLessThan(TIMEOUT_MS + 1_000);
  });
});

describe('a connector that answers garbage', () => {
  it('gives 502 naming the connector for a web page, JSON of the wrong shape and JSON cut off', async () => {
    const html = expectError(await timedGet('/api/connectors/html/offers', user), 502, ErrorCode.BAD_GATEWAY);
    expect(html).toBe(
      `The connector 'html connector' (${faulty.url('html')}) answered with something that is not JSON`,
    );
    const broken = expectError(await timedGet('/api/connectors/broken/offers', user), 502, ErrorCode.BAD_GATEWAY);
    expect(broken).toContain('answered with something that is not JSON');
    const garbage = expectError(await timedGet('/api/connectors/garbage/offers', user), 502, ErrorCode.BAD_GATEWAY);
    expect(garbage).toContain(`The connector 'garbage connector' (${faulty.url('garbage')}) answered`);
  });

  it('gives 502 in the connector console, and failed health checks with the reason', async () => {
    for (const kind of ['html', 'garbage', 'broken']) {
      expectError(await timedGet(`/api/connectors/${kind}/assets`, operator), 502, ErrorCode.BAD_GATEWAY);
      const health = await timedGet<TConnectorHealthResponse>(`/api/connectors/${kind}/health`, operator);
      expect(health.status).toBe(200);
      for (const check of health.body.checks) {
        expect(check.isHealthy).toBe(false);
        expect(check.error).toBeTruthy();
      }
    }
  });
});
