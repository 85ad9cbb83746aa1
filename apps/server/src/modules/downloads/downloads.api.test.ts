import { randomBytes } from 'node:crypto';
import { createServer, get as httpGet, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, type TDownloadLink, type TErrorResponse } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import { usageEventsOf } from '../../test/usage-events';
import type { TOfferRecord } from '../catalogue/offer-record';
import { addAgentMember } from '../orders/add-agent-member';
import { checkOut, insertOfferOf, SUPPLIER_A } from '../orders/orders-test-data';
import { downloadKeysFrom } from './download-keys';
import { signDownloadToken } from './download-token';
import { requestDownloadLink } from './request-download-link';

/** What the supplier's source serves. */
const FILE = randomBytes(1024 * 1024 + 17);
const SECRET_PAGE = 'Traceback: db password hunter2 at /srv/internal/export.py';
const BIG_CHUNK = 64 * 1024;
const BIG_SIZE = 50 * 1024 * 1024;

// The source runs on loopback, which the download policy refuses unless the host is allowed.
const testApp = useTestApp({ DOWNLOAD_ALLOWED_HOSTS: '127.0.0.1' });
let source: Server;
let sourceUrl: string;
let buyer: TSignedIn;
let visitor: TSignedIn;
let supplier: TSignedIn;

/** The large file's progress: the source sends its first chunk, then waits until the test lets it go on. */
const big = {
  release: () => {},
  released: Promise.resolve(),
  sentBytes: 0,
  isFinished: false,
  /** Resolves when the marketplace closed the source's connection before the whole file was sent. */
  stopped: Promise.resolve(),
  reset() {
    this.sentBytes = 0;
    this.isFinished = false;
    this.released = new Promise<void>((resolve) => {
      this.release = resolve;
    });
  },
};

/** A plain file server: GET and HEAD of one file with single byte ranges, a failing path and a slow large file. */
function serveSource(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  if (path === '/broken.csv') {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(SECRET_PAGE);
    return;
  }
  if (path === '/big.bin') {
    void serveBig(res);
    return;
  }
  if (path !== '/data.bin') {
    res.writeHead(404).end('no such file');
    return;
  }
  const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  const headers = { 'content-type': 'application/x-tide-readings', 'accept-ranges': 'bytes', etag: '"v1"' };
  if (range) {
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), FILE.length - 1) : FILE.length - 1;
    if (start >= FILE.length) {
      res.writeHead(416, { 'content-range': `bytes */${FILE.length}` }).end();
      return;
    }
    res.writeHead(206, {
      ...headers,
      'content-length': String(end - start + 1),
      'content-range': `bytes ${start}-${end}/${FILE.length}`,
    });
    res.end(req.method === 'HEAD' ? undefined : FILE.subarray(start, end + 1));
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': String(FILE.length) });
  res.end(req.method === 'HEAD' ? undefined : FILE);
}

async function serveBig(res: ServerResponse): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(BIG_SIZE) });
  const chunk = Buffer.alloc(BIG_CHUNK, 7);
  big.stopped = new Promise((resolve) => res.once('close', () => !big.isFinished && resolve()));
  res.write(chunk);
  big.sentBytes += chunk.length;
  await big.released;
  while (big.sentBytes < BIG_SIZE && !res.destroyed) {
    big.sentBytes += chunk.length;
    if (!res.write(chunk)) {
      await new Promise((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
  }
  if (res.destroyed) return;
  big.isFinished = true;
  res.end();
}

/** A paid Direct offer (or a variant) whose first endpoint is at `url`. */
async function offerAt(url: string, overrides: Parameters<typeof insertOfferOf>[2] = {}): Promise<TOfferRecord> {
  const offer = await insertOfferOf(testApp.database.db, SUPPLIER_A, { title: 'Tide gauges', ...overrides });
  await testApp.database.db
    .updateTable('distributions')
    .set({ access_url: url, title: 'Tide gauges 2026', format: 'BIN' })
    .where('dataset_id', '=', offer.datasets[0]!.id)
    .execute();
  return offer;
}

async function buy(who: TSignedIn, offer: TOfferRecord): Promise<void> {
  const order = await checkOut(testApp, who, [offer]);
  expect(order.status).toBe(201);
}

const askLink = (who: TSignedIn, offerId: string, endpoint = 0) =>
  requestAs<TDownloadLink & TErrorResponse>(
    testApp,
    who,
    'POST',
    `/api/offers/${offerId}/endpoints/${endpoint}/download-link`,
  );

/** The usage rows of a user's downloads of an offer, oldest first. */
const usageOf = (userId: string, offerId: string) => usageEventsOf(testApp.database.db, userId, offerId);

/** Usage is written when the answer has gone out; a test reads it once it is there. */
async function usageAfter(userId: string, offerId: string, count: number) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const rows = await usageOf(userId, offerId);
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return usageOf(userId, offerId);
}

beforeAll(async () => {
  source = createServer(serveSource);
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  [buyer, visitor, supplier] = await Promise.all([
    signIn(testApp, { email: 'download-buyer@example.org', name: 'Buyer' }),
    signIn(testApp, { email: 'download-visitor@example.org', name: 'Visitor' }),
    signIn(testApp, { email: 'download-supplier@example.org', name: 'Supplier' }),
  ]);
  // The supplier acts for the publisher agent of the offers below (its first offer creates the agent).
  await insertOfferOf(testApp.database.db, SUPPLIER_A);
  await addAgentMember({ db: testApp.database.db, agentId: SUPPLIER_A.id, userId: supplier.user.id });
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => source?.close(resolve));
});

describe('a download link', () => {
  it('lets the buyer download bytes identical to the source, without a session, and meters the bytes', async () => {
    const offer = await offerAt(`${sourceUrl}/data.bin`);
    await buy(buyer, offer);
    const link = await askLink(buyer, offer.id);
    expect(link.status).toBe(201);
    expect(link.body.path).toMatch(/^\/download\/v1\./);
    expect(link.body.url).toBe(`${testApp.baseUrl}${link.body.path}`);
    expect(link.body.fileName).toBe('Tide gauges 2026.bin');
    expect(new Date(link.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(200_000);
    // The link never names the supplier's address.
    expect(JSON.stringify(link.body)).not.toContain(sourceUrl);

    const download = await fetch(link.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/x-tide-readings');
    expect(download.headers.get('content-length')).toBe(String(FILE.length));
    expect(download.headers.get('content-disposition')).toContain('filename="Tide gauges 2026.bin"');
    expect(download.headers.get('accept-ranges')).toBe('bytes');
    expect(download.headers.get('content-encoding')).toBeNull();
    // The supplier's bytes come from the marketplace's origin: a browser that renders them runs nothing.
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), FILE)).toBe(0);

    expect(await usageAfter(buyer.user.id, offer.id, 1)).toEqual([
      { channel: 'download', succeeded: true, http_status: 200, bytes: String(FILE.length) },
    ]);
  });

  it('passes a Range on and answers 206 with the slice and its Content-Range; HEAD answers headers only', async () => {
    const offer = await offerAt(`${sourceUrl}/data.bin`);
    await buy(buyer, offer);
    const { body: link } = await askLink(buyer, offer.id);

    const slice = await fetch(link.url, { headers: { range: 'bytes=1000-1999' } });
    expect(slice.status).toBe(206);
    expect(slice.headers.get('content-range')).toBe(`bytes 1000-1999/${FILE.length}`);
    expect(Buffer.compare(Buffer.from(await slice.arrayBuffer()), FILE.subarray(1000, 2000))).toBe(0);

    const head = await fetch(link.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(FILE.length));
    expect(await head.text()).toBe('');

    const outside = await request<TErrorResponse>(testApp.baseUrl, 'GET', link.path, undefined, {
      range: `bytes=${FILE.length + 10}-`,
    });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${FILE.length}`);
    expect(outside.body.message).toContain('outside the file');

    // HEAD is no download: the range and the refused range are.
    expect(await usageAfter(buyer.user.id, offer.id, 2)).toEqual([
      { channel: 'download', succeeded: true, http_status: 206, bytes: '1000' },
      { channel: 'download', succeeded: false, http_status: 416, bytes: '0' },
    ]);
  });

  it('is refused to a user who did not buy the paid offer, and made for its supplier and for a free offer', async () => {
    const paid = await offerAt(`${sourceUrl}/data.bin`);
    const refused = await askLink(visitor, paid.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect(refused.body.message).toContain('buy it');
    expect(JSON.stringify(refused.body)).not.toContain(sourceUrl);

    const own = await askLink(supplier, paid.id);
    expect(own.status).toBe(201);
    expect((await fetch(own.body.url)).status).toBe(200);

    const free = await offerAt(`${sourceUrl}/data.bin`, { paymentModel: 'FREE_OF_CHARGE', price: 0 });
    const open = await askLink(visitor, free.id);
    expect(open.status).toBe(201);
    const data = await fetch(open.body.url);
    expect(Buffer.compare(Buffer.from(await data.arrayBuffer()), FILE)).toBe(0);
    // No entitlement was used, so there is no usage to count toward.
    expect(await usageOf(visitor.user.id, free.id)).toEqual([]);
    expect(await usageOf(supplier.user.id, paid.id)).toEqual([]);
  });

  it('answers 404 for an endpoint the offer lacks and 409 for an offer delivered by connector', async () => {
    const offer = await offerAt(`${sourceUrl}/data.bin`);
    await buy(buyer, offer);
    const missing = await askLink(buyer, offer.id, 3);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain('has no endpoint 3');

    const connectorOffer = await offerAt(`${sourceUrl}/data.bin`, { accessType: 'CONNECTOR' });
    await buy(buyer, connectorOffer);
    const conflict = await askLink(buyer, connectorOffer.id);
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toContain('access type is CONNECTOR');
  });

  it('is refused once expired, changed or forged, naming the problem', async () => {
    const offer = await offerAt(`${sourceUrl}/data.bin`);
    await buy(buyer, offer);
    // The link's clock sets its end; any process of the same database verifies it.
    const clock = new Date(Date.now() + 1000);
    const made = await requestDownloadLink({
      db: testApp.database.db,
      keys: downloadKeysFrom(testApp.database.db),
      userId: buyer.user.id,
      offerId: offer.id,
      endpoint: 0,
      publicUrl: testApp.baseUrl,
      ttlSeconds: 300,
      now: clock,
    });
    expect(new Date(made.expiresAt).getTime()).toBe(Math.floor(clock.getTime() / 1000) * 1000 + 300_000);
    const [key] = await downloadKeysFrom(testApp.database.db)();
    const stale = signDownloadToken(
      { offerId: offer.id, endpoint: 0, userId: buyer.user.id, expiresAt: new Date(Date.now() - 1000) },
      key!,
    );
    const expired = await request<TErrorResponse>(testApp.baseUrl, 'GET', `/download/${stale}`);
    expect(expired.status).toBe(403);
    expect(expired.body.message).toContain('expired');
    const fresh = (await askLink(buyer, offer.id)).body;
    expect((await fetch(made.url, { method: 'HEAD' })).status).toBe(200);

    const [version, payload, signature] = fresh.path.slice('/download/'.length).split('.') as [string, string, string];
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { n: number };
    const otherEndpoint = Buffer.from(JSON.stringify({ ...grant, n: 1 })).toString('base64url');
    const forged = [
      `${version}.${otherEndpoint}.${signature}`,
      `${version}.${payload}.${Buffer.alloc(32, 1).toString('base64url')}`,
    ];
    for (const token of forged) {
      const answer = await request<TErrorResponse>(testApp.baseUrl, 'GET', `/download/${token}`);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toContain('signature does not match');
    }
    const garbage = await request<TErrorResponse>(testApp.baseUrl, 'GET', '/download/not-a-link');
    expect(garbage.status).toBe(400);
    expect(garbage.body.message).toContain('not a download link');
    // Refused links and HEAD download nothing.
    expect(await usageOf(buyer.user.id, offer.id)).toEqual([]);
  });
});

describe('a download whose source fails', () => {
  it('answers 502 with a message saying what to do, never the source body, and meters the failure', async () => {
    const offer = await offerAt(`${sourceUrl}/broken.csv`);
    await buy(buyer, offer);
    const { body: link } = await askLink(buyer, offer.id);
    const answer = await fetch(link.url);
    expect(answer.status).toBe(502);
    const text = await answer.text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain(sourceUrl);
    expect(JSON.parse(text)).toMatchObject({
      statusCode: 502,
      code: ErrorCode.BAD_GATEWAY,
      message: expect.stringContaining('answered HTTP 500'),
    });
    expect(await usageAfter(buyer.user.id, offer.id, 1)).toEqual([
      { channel: 'download', succeeded: false, http_status: 502, bytes: '0' },
    ]);
  });

  it('answers 502 for a source on an address the policy refuses and for one that refuses connections', async () => {
    // localhost is loopback and not on DOWNLOAD_ALLOWED_HOSTS: no connection is made.
    const blocked = await offerAt(`http://localhost:${new URL(sourceUrl).port}/data.bin`);
    await buy(buyer, blocked);
    const refused = await request<TErrorResponse>(testApp.baseUrl, 'GET', (await askLink(buyer, blocked.id)).body.path);
    expect(refused.status).toBe(502);
    expect(refused.body.message).toContain('may not reach');

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const gone = await offerAt(`http://127.0.0.1:${port}/data.bin`);
    await buy(buyer, gone);
    const answer = await request<TErrorResponse>(testApp.baseUrl, 'GET', (await askLink(buyer, gone.id)).body.path);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toContain('refused the connection');
  });
});

describe('a large download', () => {
  it('reaches the caller while the source is still sending, and is metered with every byte', async () => {
    big.reset();
    const offer = await offerAt(`${sourceUrl}/big.bin`);
    await buy(buyer, offer);
    const { body: link } = await askLink(buyer, offer.id);
    const answer = await fetch(link.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBe(String(BIG_SIZE));
    const reader = answer.body!.getReader();
    const first = await reader.read();
    // The first bytes arrived while the source holds the rest back: nothing waits for the whole file.
    expect(first.value!.length).toBeGreaterThan(0);
    expect(big.sentBytes).toBe(BIG_CHUNK);
    expect(big.isFinished).toBe(false);
    big.release();
    let received = first.value!.length;
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      received += next.value.length;
    }
    expect(received).toBe(BIG_SIZE);
    expect(await usageAfter(buyer.user.id, offer.id, 1)).toEqual([
      { channel: 'download', succeeded: true, http_status: 200, bytes: String(BIG_SIZE) },
    ]);
  });

  it('is metered as failed with the bytes sent when the caller goes away', async () => {
    big.reset();
    const offer = await offerAt(`${sourceUrl}/big.bin`);
    await buy(buyer, offer);
    const { body: link } = await askLink(buyer, offer.id);
    // A caller that hangs up after the first bytes.
    await new Promise<void>((resolve, reject) => {
      const call = httpGet(link.url, (response) => {
        response.once('data', () => {
          call.destroy();
          resolve();
        });
      });
      call.on('error', (error) => (call.destroyed ? undefined : reject(error)));
    });
    big.release();
    const [row] = await usageAfter(buyer.user.id, offer.id, 1);
    expect(row).toMatchObject({ channel: 'download', succeeded: false, http_status: 200 });
    expect(Number(row!.bytes)).toBeGreaterThanOrEqual(BIG_CHUNK);
    expect(Number(row!.bytes)).toBeLessThan(BIG_SIZE);
    // The source is not read on for nobody.
    await big.stopped;
    expect(big.sentBytes).toBeLessThan(BIG_SIZE);
  });
});
