import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TDownloadLink } from '@dsm/contracts';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationFlow, CookieJar, realmUrl, refreshTokens } from './idp/login-with-password';
import { insertOfferOf, SUPPLIER_A } from './modules/orders/orders-test-data';
import { createUser } from './modules/users/create-user';
import { signIn } from './test/auth';
import { startLoadBalancer, type TLoadBalancer } from './test/load-balancer';
import { request, startTestApp, type TTestApp } from './test/test-app';
import { createTestDatabase, type TTestDatabase } from './test/test-database';

/**
 * Two server processes on one database behind a load balancer, as production scales out: what one signs or
 * starts, the other accepts or continues, since keys, secrets, sessions and interactions live in PostgreSQL.
 */

const PASSWORD = 'correct-horse-42';
const FILE = Buffer.from('station,level\nNorderney,1.32\n');

let database: TTestDatabase;
let balancer: TLoadBalancer;
let first: TTestApp;
let second: TTestApp;
let source: Server;
let sourceUrl: string;

beforeAll(async () => {
  source = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/csv', 'content-length': FILE.length }).end(FILE);
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  database = await createTestDatabase();
  balancer = await startLoadBalancer();
  // Both answer under the load balancer's address, as their one PUBLIC_URL: one issuer, one cookie origin.
  const env = { PUBLIC_URL: balancer.url, DOWNLOAD_ALLOWED_HOSTS: '127.0.0.1' };
  first = await startTestApp(env, { database });
  second = await startTestApp(env, { database });
  balancer.backends = [first.baseUrl, second.baseUrl];
}, 60_000);

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await Promise.all([balancer?.close(), database?.drop()]);
  await new Promise((resolve) => source?.close(resolve));
});

async function makeUser() {
  const email = `several-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
  const user = await createUser({ db: database.db, email, name: 'Ada', password: PASSWORD, roles: ['DSM_USER'] });
  return { ...user, email };
}

const acquisitionsAt = (baseUrl: string, accessToken: string) =>
  request(baseUrl, 'GET', '/api/acquisitions', undefined, { authorization: `Bearer ${accessToken}` });

describe('two server processes on one database', () => {
  it('continue on one an OpenID Connect sign-in started on the other, and accept its tokens', async () => {
    const user = await makeUser();
    // The first process starts the interaction and shows the form; the second takes the form and issues the code.
    let isSubmitted = false;
    balancer.route = (method) => {
      if (method === 'POST') isSubmitted = true;
      return isSubmitted ? second.baseUrl : first.baseUrl;
    };
    let tokens: Awaited<ReturnType<AuthorizationFlow['exchange']>>;
    const before = balancer.served.length;
    try {
      const flow = await AuthorizationFlow.start({ baseUrl: balancer.url, cookies: new CookieJar() });
      expect(flow.step.kind === 'page' && flow.html).toContain('sign-in-form');
      await flow.submit('sign-in-form', { email: user.email, password: PASSWORD });
      expect(flow.step.kind).toBe('callback');
      tokens = await flow.exchange();
    } finally {
      balancer.route = null;
    }
    const flowRequests = balancer.served.slice(before);
    const started = flowRequests.find((entry) => entry.path.includes('/protocol/openid-connect/auth'));
    expect(started?.backend).toBe(first.baseUrl);
    expect(flowRequests.find((entry) => entry.method === 'POST')?.backend).toBe(second.baseUrl);

    expect(decodeJwt(tokens.accessToken).sub).toBe(user.id);
    for (const app of [first, second]) {
      expect((await acquisitionsAt(app.baseUrl, tokens.accessToken)).status).toBe(200);
      const userinfo = await fetch(realmUrl(app.baseUrl, '/protocol/openid-connect/userinfo'), {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      expect(userinfo.status).toBe(200);
      expect(((await userinfo.json()) as { email: string }).email).toBe(user.email);
    }
    // The refresh token issued by one is redeemed at each directly.
    const refreshedAtFirst = await refreshTokens({ baseUrl: first.baseUrl, refreshToken: tokens.refreshToken });
    const refreshedAtSecond = await refreshTokens({
      baseUrl: second.baseUrl,
      refreshToken: refreshedAtFirst.refreshToken,
    });
    expect(decodeJwt(refreshedAtSecond.accessToken).sub).toBe(user.id);
    expect((await acquisitionsAt(first.baseUrl, refreshedAtSecond.accessToken)).status).toBe(200);
  });

  it('keep a signed-in session on either: a second sign-in needs no form, whichever process answers', async () => {
    const user = await makeUser();
    const cookies = new CookieJar();
    const before = balancer.served.length;
    const flow = await AuthorizationFlow.start({ baseUrl: balancer.url, cookies });
    await flow.submit('sign-in-form', { email: user.email, password: PASSWORD });
    await flow.exchange();
    for (let attempt = 0; attempt < 2; attempt++) {
      const again = await AuthorizationFlow.start({ baseUrl: balancer.url, cookies });
      expect(again.step.kind).toBe('callback');
      expect(decodeJwt((await again.exchange()).accessToken).sub).toBe(user.id);
    }
    const backends = new Set(balancer.served.slice(before).map((entry) => entry.backend));
    expect(backends).toEqual(new Set([first.baseUrl, second.baseUrl]));
  });

  it('accept on one a download link signed by the other', async () => {
    const visitor = await signIn(first);
    const offer = await insertOfferOf(database.db, SUPPLIER_A, {
      title: 'Water levels',
      paymentModel: 'FREE_OF_CHARGE',
      price: 0,
    });
    await database.db
      .updateTable('distributions')
      .set({ access_url: `${sourceUrl}/levels.csv`, title: 'Water levels', format: 'CSV' })
      .where('dataset_id', '=', offer.datasets[0]!.id)
      .execute();
    const link = await request<TDownloadLink>(
      first.baseUrl,
      'POST',
      `/api/offers/${offer.id}/endpoints/0/download-link`,
      undefined,
      visitor.headers,
    );
    expect(link.status).toBe(201);
    expect(link.body.url).toBe(`${balancer.url}${link.body.path}`);

    const download = await fetch(`${second.baseUrl}${link.body.path}`);
    expect(download.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), FILE)).toBe(0);
    // A token the second made up itself is refused, so the acceptance above is the signature's.
    const forged = `${link.body.path.slice(0, -4)}AAAA`;
    expect((await fetch(`${second.baseUrl}${forged}`)).status).toBe(403);
  });
});
