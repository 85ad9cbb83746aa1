import { Writable } from 'node:stream';
import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthorizationFlow,
  LoginError,
  loginWithPassword,
  realmUrl,
  refreshTokens,
  type TTokenSet,
} from './idp/login-with-password';
import { createPasswordUser, requestAs, signInOperator } from './test/auth';
import { request, startTestApp, type TTestApp } from './test/test-app';

/**
 * What the server writes to its log at level info, read from a real app through a real sign-in, API calls with
 * the bearer token, a connector call with an API key and failing requests: every line about a request names the
 * request id, and no credential appears anywhere.
 */

const PASSWORD = 'log-test-Passw0rd-9174';
const WRONG_PASSWORD = 'wrong-Passw0rd-5521';
const CONNECTOR_API_KEY = 'connector-api-key-must-not-be-logged-7731';

type TLogLine = Record<string, unknown> & { msg?: string; reqId?: string; req?: { url?: string } };

const output: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, callback) {
    output.push(String(chunk));
    callback();
  },
});

let testApp: TTestApp;
let edc: Sandbox;
let tokens: TTokenSet;
let rotated: TTokenSet;
let authorizationCode = '';
let cookieValues: string[] = [];

const logText = () => output.join('');
const logLines = (): TLogLine[] =>
  logText()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TLogLine);

/** The signature of a JWT: enough to find the token even if a log shortened or split it. */
const signatureOf = (jwt: string) => jwt.split('.').at(-1) ?? jwt;

beforeAll(async () => {
  [testApp, edc] = await Promise.all([
    startTestApp({ LOG_LEVEL: 'info' }, { logStream: stream }),
    startSandbox({ basePath: '/logged-edc', participantId: 'logged-edc', apiKey: CONNECTOR_API_KEY }),
  ]);
  const email = 'logged-user@example.org';
  await createPasswordUser(testApp, { email, name: 'Logged User', password: PASSWORD });

  // A wrong password first: the refusal is logged, the password must not be.
  await expect(loginWithPassword({ baseUrl: testApp.baseUrl, email, password: WRONG_PASSWORD })).rejects.toThrow(
    LoginError,
  );

  // The sign-in a browser makes, step by step, to learn the code and the cookies the log must not show.
  const flow = await AuthorizationFlow.start({ baseUrl: testApp.baseUrl });
  await flow.submit('sign-in-form', { email, password: PASSWORD });
  if (flow.step.kind !== 'callback') throw new Error('the sign-in did not come back to the client');
  authorizationCode = flow.step.url.searchParams.get('code') ?? '';
  cookieValues = flow.jar
    .header()
    .split('; ')
    .map((pair) => pair.slice(pair.indexOf('=') + 1))
    .filter((value) => value.length >= 8);
  tokens = await flow.exchange();
  rotated = await refreshTokens({ baseUrl: testApp.baseUrl, refreshToken: tokens.refreshToken });
  await fetch(
    `${realmUrl(testApp.baseUrl, '/protocol/openid-connect/logout')}?id_token_hint=${rotated.idToken}&client_id=dataspace`,
    { headers: { cookie: flow.jar.header() }, redirect: 'manual' },
  );

  const bearer = { authorization: `Bearer ${rotated.accessToken}` };
  expect((await request(testApp.baseUrl, 'GET', '/api/orders', undefined, bearer)).status).toBe(200);
  expect((await request(testApp.baseUrl, 'POST', '/api/search', { index: 0, pageSize: 10 }, bearer)).status).toBe(200);
  // A token in the query string, as a careless client might send it.
  await request(testApp.baseUrl, 'GET', `/api/orders?access_token=${rotated.accessToken}`, undefined, bearer);

  const operator = await signInOperator(testApp);
  const registered = await requestAs(testApp, operator, 'POST', '/api/connectors', {
    name: 'Logged EDC',
    url: edc.url,
    apiKey: CONNECTOR_API_KEY,
  });
  expect(registered.status).toBe(201);
  expect((await requestAs(testApp, operator, 'GET', '/api/connectors/logged-edc/offers')).status).toBe(200);
  // A connector call that fails: the API key was sent with it, its failure is the caller's 404.
  expect(
    (await requestAs(testApp, operator, 'GET', '/api/connectors/logged-edc/assets/no-such')).status,
  ).toBeGreaterThanOrEqual(400);
}, 60_000);

afterAll(async () => {
  await Promise.all([testApp?.close(), edc?.close()]);
});

describe('request log', () => {
  it('logs every request with its request id, at level info', () => {
    const requestLines = logLines().filter((line) => line.req !== undefined || line.res !== undefined);
    expect(requestLines.length).toBeGreaterThan(20);
    for (const line of requestLines) expect(line.reqId, JSON.stringify(line)).toEqual(expect.any(String));
    const signInLines = requestLines.filter((line) => line.req?.url?.includes('/protocol/openid-connect/token'));
    expect(signInLines.length).toBeGreaterThan(0);
  });

  it('answers a failing request with the request id of its log lines, in the header and in the body', async () => {
    const failing = await request<{ requestId: string; code: string }>(
      testApp.baseUrl,
      'GET',
      '/api/orders/00000000-0000-4000-8000-000000000000',
      undefined,
      { authorization: `Bearer ${rotated.accessToken}` },
    );
    expect(failing.status).toBe(404);
    const requestId = failing.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(failing.body.requestId).toBe(requestId);
    const lines = logLines().filter((line) => line.reqId === requestId);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[1]).toMatchObject({ res: { statusCode: 404 } });
  });

  it('keeps the request id a proxy sent, so a request can be followed across hops', async () => {
    const response = await request(testApp.baseUrl, 'GET', '/api/unknown-route', undefined, {
      'x-request-id': 'proxy-id-4711',
    });
    expect(response.headers.get('x-request-id')).toBe('proxy-id-4711');
    expect((response.body as { requestId: string }).requestId).toBe('proxy-id-4711');
    expect(logLines().filter((line) => line.reqId === 'proxy-id-4711').length).toBe(2);
  });
});

describe('no credentials in the log', () => {
  it('never shows an access, refresh or ID token, an authorization code or a password', () => {
    const text = logText();
    const secrets: Record<string, string> = {
      'access token': tokens.accessToken,
      'access token signature': signatureOf(tokens.accessToken),
      'rotated access token signature': signatureOf(rotated.accessToken),
      'refresh token': tokens.refreshToken,
      'rotated refresh token': rotated.refreshToken,
      'ID token signature': signatureOf(tokens.idToken),
      'rotated ID token signature': signatureOf(rotated.idToken),
      'authorization code': authorizationCode,
      password: PASSWORD,
      'wrong password': WRONG_PASSWORD,
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThanOrEqual(8);
      expect(text.includes(secret), `the log shows the ${name}`).toBe(false);
    }
    // The redacted places are still there, so the test looked where the secrets would have been.
    expect(text).toContain('access_token=redacted');
    expect(text).toContain('id_token_hint=redacted');
  });

  it("never shows a connector's API key or a cookie value", () => {
    const text = logText();
    expect(text.includes(CONNECTOR_API_KEY)).toBe(false);
    expect(cookieValues.length).toBeGreaterThan(0);
    for (const value of cookieValues) {
      const at = text.indexOf(value);
      expect(at, `the log shows the cookie value ${value}: ${text.slice(Math.max(0, at - 300), at + 100)}`).toBe(-1);
    }
    expect(text).not.toMatch(/"(authorization|cookie|set-cookie|x-api-key)":"(?!\[redacted\])/i);
  });
});
