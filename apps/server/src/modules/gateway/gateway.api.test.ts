import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  TApiKeyIssued,
  TApiKeyListResponse,
  TErrorResponse,
  TOfferInputBody,
  TOwnOfferDetails,
} from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findFreePort } from '../../db/embedded-postgres';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { makeOfferInput } from '../../test/factories';
import { request, startTestApp, type TTestApp } from '../../test/test-app';
import { usageEventsOf } from '../../test/usage-events';
import { seedLicences } from '../catalogue/licence-catalogue';
import { publishOffer } from '../offers/offers-test-data';
import { checkOutPublished } from '../orders/orders-test-data';

/**
 * The API gateway against a real supplier API on loopback: what the supplier receives, what the buyer
 * gets back, which keys are refused, and what is metered.
 */

const SUPPLIER_SECRET = `Bearer supplier-secret-${randomBytes(12).toString('hex')}`;
const OTHER_SECRET = `other-secret-${randomBytes(12).toString('hex')}`;
const RATE_LIMIT = 20;

type TSeen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

let testApp: TTestApp;
let upstream: http.Server;
let upstreamUrl: string;
let supplier: TSignedIn;
let buyer: TSignedIn;
let other: TSignedIn;
let clock: Date | null = null;
const seen: TSeen[] = [];
const ids = { api: '', other: '', timed: '', refused: '' };
/** Resolves the waiters of the streaming route: the supplier saw the first chunk; the buyer read the first. */
const signals = { upstreamSawFirst: () => {}, buyerReadFirst: () => {} };

function startUpstream(): Promise<void> {
  upstream = http.createServer((req, res) => {
    const url = req.url ?? '';
    const record: TSeen = { method: req.method ?? '', url, headers: req.headers, body: '' };
    seen.push(record);
    if (url.startsWith('/v1/stream')) {
      // Answers only after seeing the first chunk, and sends its second only after the buyer read the first:
      // a gateway holding either body whole never gets past this.
      let isFirst = true;
      req.on('data', (chunk: Buffer) => {
        record.body += chunk.toString();
        if (isFirst) {
          isFirst = false;
          signals.upstreamSawFirst();
        }
      });
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first-part;');
        new Promise<void>((resolve) => {
          signals.buyerReadFirst = resolve;
        }).then(() => res.end(`second-part;received=${record.body.length}`));
      });
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      record.body = Buffer.concat(chunks).toString();
      if (url.startsWith('/v1/fail')) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('upstream internal detail');
      } else if (url.startsWith('/v1/big')) {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.alloc(1024 * 1024, 7));
      } else if (url.startsWith('/v1/cacheable')) {
        res.writeHead(200, {
          'content-type': 'application/json',
          'cache-control': 'public, max-age=3600',
          expires: 'Thu, 01 Jan 2099 00:00:00 GMT',
          'surrogate-control': 'max-age=3600',
          'cdn-cache-control': 'max-age=3600',
          etag: '"v1"',
        });
        res.end(JSON.stringify({ items: [1] }));
      } else if (url.startsWith('/v1/moved')) {
        res.writeHead(302, { location: `${upstreamUrl}/v1/items?page=2` });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'yes', 'set-cookie': 'sid=1' });
        res.end(JSON.stringify({ items: [1, 2, 3] }));
      }
    });
  });
  return new Promise((resolve) =>
    upstream.listen(0, '127.0.0.1', () => {
      upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

function apiOffer(
  title: string,
  accessUrl: string,
  credential: { headerName: string; secret?: string; keepFrom?: number } | null,
  licensing: Partial<TOfferInputBody['licensingInfo']> = {},
): TOfferInputBody {
  return makeOfferInput(title, {
    accessType: 'API',
    endpoints: [{ accessUrl, mimeType: 'application/json', format: 'json', gatewayCredential: credential }],
    licensingInfo: { paymentType: 'SUBSCRIPTION_BASED', ...licensing },
  });
}

async function publish(input: TOfferInputBody): Promise<string> {
  return (await publishOffer(testApp, supplier, input))['@id'];
}

async function buy(who: TSignedIn, offerIds: string[]) {
  expect((await checkOutPublished(testApp, who, offerIds)).status).toBe(201);
}

const keysPath = (offerId: string) => `/api/acquisitions/${offerId}/api-keys`;

async function createKey(who: TSignedIn, offerId: string): Promise<TApiKeyIssued> {
  const created = await requestAs<TApiKeyIssued>(testApp, who, 'POST', keysPath(offerId));
  expect(created.status).toBe(201);
  return created.body;
}

function call(offerId: string, path: string, key: string | null, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (key) headers.set('x-api-key', key);
  return fetch(`${testApp.baseUrl}/gateway/${offerId}${path}`, { ...init, headers });
}

const usageOf = (offerId: string, userId: string) => usageEventsOf(testApp.database.db, userId, offerId);

beforeAll(async () => {
  await startUpstream();
  testApp = await startTestApp(
    { GATEWAY_ALLOWED_HOSTS: '127.0.0.1', GATEWAY_RATE_LIMIT: String(RATE_LIMIT) },
    { now: () => clock ?? new Date() },
  );
  await seedLicences(testApp.database.db);
  [supplier, buyer, other] = await Promise.all([
    signIn(testApp, { email: 'api-supplier@example.org', name: 'Tide API GmbH' }),
    signIn(testApp, { email: 'api-buyer@example.org', name: 'API Buyer' }),
    signIn(testApp, { email: 'api-other@example.org', name: 'Other Buyer' }),
  ]);
  const closedPort = await findFreePort();
  ids.api = await publish(
    apiOffer('Tide API', `${upstreamUrl}/v1`, { headerName: 'Authorization', secret: SUPPLIER_SECRET }),
  );
  ids.other = await publish(
    apiOffer('Other API', `${upstreamUrl}/v1`, { headerName: 'X-API-Key', secret: OTHER_SECRET }),
  );
  ids.timed = await publish(
    apiOffer('Tide API for a month', `${upstreamUrl}/v1`, null, { timeRestriction: '30', timeUnit: 'Days' }),
  );
  ids.refused = await publish(apiOffer('Closed API', `http://127.0.0.1:${closedPort}/v1`, null));
  await buy(buyer, [ids.api, ids.timed, ids.refused]);
  await buy(other, [ids.other]);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

describe("the supplier's credential", () => {
  it('is never answered, not even to the supplier: the offer shows only which header is set', async () => {
    const own = await requestAs<TOwnOfferDetails>(testApp, supplier, 'GET', `/api/offers/${ids.api}`);
    expect(own.status).toBe(200);
    expect(own.body.input.endpoints[0]!.gatewayCredential).toEqual({ headerName: 'Authorization', keepFrom: 0 });
    expect(JSON.stringify(own.body)).not.toContain(SUPPLIER_SECRET);
    const stored = await testApp.database.db
      .selectFrom('gateway_credentials')
      .select('secret_sealed')
      .where('offer_id', '=', ids.api)
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain('supplier-secret');
  });

  it('is kept by an edit that leaves it out, and must be given again when the origin changes', async () => {
    const own = await requestAs<TOwnOfferDetails>(testApp, supplier, 'GET', `/api/offers/${ids.api}`);
    const kept = await requestAs<TOwnOfferDetails>(testApp, supplier, 'PUT', `/api/offers/${ids.api}`, own.body.input);
    expect(kept.status).toBe(200);
    expect(kept.body.input.endpoints[0]!.gatewayCredential).toEqual({ headerName: 'Authorization', keepFrom: 0 });

    const moved = structuredClone(own.body.input);
    moved.endpoints[0]!.accessUrl = 'https://elsewhere.example.org/v1';
    const refused = await requestAs<TErrorResponse>(testApp, supplier, 'PUT', `/api/offers/${ids.api}`, moved);
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      { path: 'body.endpoints.0.gatewayCredential.secret', message: expect.stringContaining('is required') },
    ]);
  });

  it('stays with its endpoint when the endpoints change places, and reaches the API with it', async () => {
    const endpoint = (path: string, headerName: string, secret: string) => ({
      accessUrl: `${upstreamUrl}${path}`,
      mimeType: 'application/json' as const,
      format: 'json' as const,
      gatewayCredential: { headerName, secret },
    });
    const id = await publish(
      makeOfferInput('Two gauge APIs', {
        accessType: 'API',
        endpoints: [endpoint('/v1', 'X-First', 'first-secret'), endpoint('/v2', 'X-Second', 'second-secret')],
        licensingInfo: { paymentType: 'SUBSCRIPTION_BASED' },
      }),
    );
    const own = await requestAs<TOwnOfferDetails>(testApp, supplier, 'GET', `/api/offers/${id}`);
    const swapped = structuredClone(own.body.input);
    swapped.endpoints.reverse();
    const saved = await requestAs<TOwnOfferDetails>(testApp, supplier, 'PUT', `/api/offers/${id}`, swapped);
    expect(saved.status).toBe(200);
    expect(saved.body.input.endpoints.map((one) => one.gatewayCredential)).toEqual([
      { headerName: 'X-Second', keepFrom: 0 },
      { headerName: 'X-First', keepFrom: 1 },
    ]);

    await buy(buyer, [id]);
    const { secret } = await createKey(buyer, id);
    seen.length = 0;
    const response = await call(id, '/levels', secret);
    expect(response.status).toBe(200);
    expect(seen[0]!.url).toBe('/v2/levels');
    expect(seen[0]!.headers['x-second']).toBe('second-secret');
    expect(seen[0]!.headers['x-first']).toBeUndefined();
  });

  it('needs a valid header name, and only Api endpoints have one', async () => {
    for (const headerName of ['Bad Header', 'Host', 'Content-Length', 'X-Key:']) {
      const response = await request<TErrorResponse>(
        testApp.baseUrl,
        'POST',
        '/api/offers',
        apiOffer('Bad', `${upstreamUrl}/v1`, { headerName, secret: 'x' }),
        supplier.headers,
      );
      expect({ headerName, status: response.status }).toEqual({ headerName, status: 400 });
    }
    const direct = makeOfferInput('Direct with credential', {
      endpoints: [{ gatewayCredential: { headerName: 'X-API-Key', secret: 'x' } }],
    });
    const response = await requestAs<TErrorResponse>(testApp, supplier, 'POST', '/api/offers', direct);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.issues)).toContain('only for the Api access type');
  });
});

describe('API keys', () => {
  it('are refused to a user without an entitlement, and one is active per acquisition', async () => {
    const list = await requestAs(testApp, other, 'GET', keysPath(ids.api));
    expect(list.status).toBe(403);
    const create = await requestAs(testApp, other, 'POST', keysPath(ids.api));
    expect(create.status).toBe(403);

    const racer = await signIn(testApp, { email: 'api-racer@example.org' });
    await buy(racer, [ids.api]);
    const both = await Promise.all([
      requestAs(testApp, racer, 'POST', keysPath(ids.api)),
      requestAs(testApp, racer, 'POST', keysPath(ids.api)),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const listed = await requestAs<TApiKeyListResponse>(testApp, racer, 'GET', keysPath(ids.api));
    expect(listed.body.gatewayUrl).toBe(`${testApp.baseUrl}/gateway/${ids.api}`);
    expect(listed.body.keys).toEqual([expect.objectContaining({ isActive: true, revokedAt: null })]);
    const issued = both.find((answer) => answer.status === 201)!.body as TApiKeyIssued;
    expect(issued.secret.startsWith(`${listed.body.keys[0]!.prefix}_`)).toBe(true);
    expect(JSON.stringify(listed.body)).not.toContain(issued.secret);
  });
});

describe('the gateway', () => {
  it('forwards a GET with its query to the base URL with the supplier credential, never the buyer key', async () => {
    const { secret } = await createKey(buyer, ids.api);
    seen.length = 0;
    const response = await call(ids.api, '/items?x=1&y=a%20b', secret);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ items: [1, 2, 3] });
    expect(response.headers.get('x-upstream')).toBe('yes');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/v1/items?x=1&y=a%20b' });
    expect(seen[0]!.headers.authorization).toBe(SUPPLIER_SECRET);
    expect(seen[0]!.headers['x-api-key']).toBeUndefined();
    expect(JSON.stringify(seen[0]!.headers)).not.toContain(secret);

    // The key as a bearer token works alike, and is not passed on either.
    const bearer = await fetch(`${testApp.baseUrl}/gateway/${ids.api}/items`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(bearer.status).toBe(200);
    expect(seen[1]!.headers.authorization).toBe(SUPPLIER_SECRET);
    expect(JSON.stringify(seen[1]!.headers)).not.toContain(secret);
  });

  it('streams a POST body up and the answer down, and meters the bytes the buyer received', async () => {
    const { secret: key } = await rotateFirst(buyer, ids.api);
    const upstreamSawFirst = new Promise<void>((resolve) => {
      signals.upstreamSawFirst = resolve;
    });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('chunk-one;'));
        await upstreamSawFirst;
        controller.enqueue(encoder.encode('chunk-two'));
        controller.close();
      },
    });
    const response = await call(ids.api, '/stream', key, {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/plain' },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first-part;');
    signals.buyerReadFirst();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read())
      rest += new TextDecoder().decode(part.value);
    expect(rest).toBe('second-part;received=19');

    const big = await call(ids.api, '/big', key);
    expect((await big.arrayBuffer()).byteLength).toBe(1024 * 1024);
    await vi.waitFor(async () => {
      const rows = await usageOf(ids.api, buyer.user.id);
      expect(rows.at(-1)).toEqual({ channel: 'api', succeeded: true, http_status: 200, bytes: String(1024 * 1024) });
      expect(rows.at(-2)).toMatchObject({
        succeeded: true,
        bytes: String('first-part;second-part;received=19'.length),
      });
    });
  });

  it('forwards a body of any type, or none, as it came: JSON, bytes without a content type, an empty PUT', async () => {
    const { secret } = await rotateFirst(buyer, ids.api);
    seen.length = 0;
    const bodies: [string, RequestInit][] = [
      ['json', { method: 'POST', body: '{"from":"buyer"}', headers: { 'content-type': 'application/json' } }],
      ['bytes', { method: 'PATCH', body: new Uint8Array([1, 2, 3, 250]) }],
      ['empty', { method: 'PUT' }],
    ];
    for (const [name, init] of bodies) {
      const response = await call(ids.api, `/items/${name}`, secret, init);
      await response.arrayBuffer();
      expect({ name, status: response.status }).toEqual({ name, status: 200 });
    }
    expect(seen.map((one) => [one.method, one.url, one.headers['content-type'], Buffer.from(one.body).length])).toEqual(
      [
        ['POST', '/v1/items/json', 'application/json', 16],
        ['PATCH', '/v1/items/bytes', undefined, expect.any(Number)],
        ['PUT', '/v1/items/empty', undefined, 0],
      ],
    );
  });

  it("never lets a shared cache keep a buyer's answer: the supplier's public max-age becomes private, no-store", async () => {
    const { secret } = await rotateFirst(buyer, ids.api);
    const response = await call(ids.api, '/cacheable', secret);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('expires')).toBeNull();
    expect(response.headers.get('surrogate-control')).toBeNull();
    expect(response.headers.get('cdn-cache-control')).toBeNull();
    // A validator lets the buyer's own client ask again cheaply; it lets no shared cache store anything.
    expect(response.headers.get('etag')).toBe('"v1"');
  });

  it('passes a redirect under the base URL back as one under the gateway', async () => {
    const { secret } = await rotateFirst(buyer, ids.api);
    const response = await call(ids.api, '/moved', secret, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${testApp.baseUrl}/gateway/${ids.api}/items?page=2`);
  });

  it('answers 401 for a missing, malformed, unknown, revoked or rotated key and for a key of another offer', async () => {
    const old = await rotateFirst(buyer, ids.api);
    const current = await rotateFirst(buyer, ids.api);
    const otherKey = await createKey(other, ids.other);
    const unknown = `dsm_0123abcd_${randomBytes(32).toString('base64url')}`;
    seen.length = 0;
    for (const [name, key] of [
      ['missing', null],
      ['malformed', 'not-a-key'],
      ['unknown', unknown],
      ['rotated', old.secret],
      ['other offer', otherKey.secret],
    ] as const) {
      const response = await call(ids.api, '/items', key);
      const body = (await response.json()) as TErrorResponse;
      expect({ name, status: response.status, code: body.code }).toEqual({ name, status: 401, code: 'UNAUTHORIZED' });
    }
    const revoked = await requestAs(testApp, buyer, 'DELETE', `${keysPath(ids.api)}/${current.key.id}`);
    expect(revoked.status).toBe(200);
    expect((await call(ids.api, '/items', current.secret)).status).toBe(401);
    expect(seen).toEqual([]);
    // Another buyer cannot revoke or rotate the buyer's key.
    const foreign = await requestAs(testApp, other, 'DELETE', `${keysPath(ids.api)}/${current.key.id}`);
    expect(foreign.status).toBe(404);
    // A new key can be made once the old one is revoked.
    const fresh = await createKey(buyer, ids.api);
    expect((await call(ids.api, '/items', fresh.secret)).status).toBe(200);
  });

  it('answers 403 once the acquisition has ended', async () => {
    const { secret } = await createKey(buyer, ids.timed);
    expect((await call(ids.timed, '/items', secret)).status).toBe(200);
    clock = new Date(Date.now() + 31 * 86_400_000);
    try {
      const response = await call(ids.timed, '/items', secret);
      expect(response.status).toBe(403);
      expect(((await response.json()) as TErrorResponse).message).toContain('ended');
      const listed = await requestAs<TApiKeyListResponse>(testApp, buyer, 'GET', keysPath(ids.timed));
      expect(listed.body.isEntitled).toBe(false);
      expect(listed.body.keys.map((key) => key.isActive)).toEqual([false]);
    } finally {
      clock = null;
    }
  });

  it('answers 429 with Retry-After over the per-key limit', async () => {
    const fresh = await rotateFirst(other, ids.other);
    const statuses: number[] = [];
    for (let index = 0; index <= RATE_LIMIT; index += 1) {
      const response = await call(ids.other, '/items', fresh.secret);
      await response.arrayBuffer();
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT);
    expect(statuses.at(-1)).toBe(429);
    expect(seen.at(-1)!.headers['x-api-key']).toBe(OTHER_SECRET);
  });

  it('counts a key once over two server processes of the database', async () => {
    const second = await startTestApp(
      { GATEWAY_ALLOWED_HOSTS: '127.0.0.1', GATEWAY_RATE_LIMIT: String(RATE_LIMIT) },
      { database: testApp.database },
    );
    try {
      // A buyer and an offer of their own: the other tests' keys keep their calls.
      const caller = await signIn(testApp, { email: 'api-two-processes@example.org', name: 'Busy Buyer' });
      const offerId = await publish(apiOffer('Busy API', `${upstreamUrl}/v1`, null));
      await buy(caller, [offerId]);
      const key = await createKey(caller, offerId);
      const statuses: number[] = [];
      for (let index = 0; index <= RATE_LIMIT; index += 1) {
        // Taking turns, as a load balancer sends them.
        const baseUrl = index % 2 === 0 ? testApp.baseUrl : second.baseUrl;
        const response = await fetch(`${baseUrl}/gateway/${offerId}/items`, { headers: { 'x-api-key': key.secret } });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await second.close();
    }
  });

  it("passes the supplier's 500 through and meters it as not succeeded", async () => {
    const { secret } = await rotateFirst(buyer, ids.api);
    const response = await call(ids.api, '/fail', secret);
    expect(response.status).toBe(500);
    await response.arrayBuffer();
    await vi.waitFor(async () => {
      expect((await usageOf(ids.api, buyer.user.id)).at(-1)).toMatchObject({ succeeded: false, http_status: 500 });
    });
  });

  it('answers 502 in JSON when the supplier API refuses the connection, and meters it', async () => {
    const { secret } = await createKey(buyer, ids.refused);
    const response = await call(ids.refused, '/items', secret);
    expect(response.status).toBe(502);
    const body = (await response.json()) as TErrorResponse;
    expect(body.code).toBe('BAD_GATEWAY');
    expect(body.message).not.toContain('127.0.0.1');
    await vi.waitFor(async () => {
      expect(await usageOf(ids.refused, buyer.user.id)).toEqual([
        { channel: 'api', succeeded: false, http_status: 502, bytes: '0' },
      ]);
    });
  });

  it('refuses a path that climbs out of the base URL', async () => {
    const { secret } = await rotateFirst(buyer, ids.api);
    seen.length = 0;
    for (const path of ['/%2e%2e/admin', '/a/%2E%2E/%2e%2e/admin', '/a%2fb']) {
      const response = await call(ids.api, path, secret);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
    }
    expect(seen).toEqual([]);
  });

  it('answers racing rotations without a 500; the key of the last one works, the others do not', async () => {
    const { key: active } = await rotateFirst(buyer, ids.api);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        requestAs<TApiKeyIssued>(testApp, buyer, 'POST', `${keysPath(ids.api)}/${active.id}/rotate`),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const statuses = await Promise.all(
      answers.map(async (answer) => {
        const response = await call(ids.api, '/items', answer.body.secret);
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
  });
});

/** Rotates the user's active key of an offer and answers the new secret. */
async function rotateFirst(who: TSignedIn, offerId: string): Promise<TApiKeyIssued> {
  const listed = await requestAs<TApiKeyListResponse>(testApp, who, 'GET', keysPath(offerId));
  const active = listed.body.keys.find((key) => key.isActive);
  if (!active) return createKey(who, offerId);
  const rotated = await requestAs<TApiKeyIssued>(testApp, who, 'POST', `${keysPath(offerId)}/${active.id}/rotate`);
  expect(rotated.status).toBe(200);
  return rotated.body;
}
