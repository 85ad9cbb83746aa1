import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureOwnOrigin } from '../../lib/outbound/outbound-policy';
import { checkLink, type TCheckLinkOptions } from './check-link';
import { createHostThrottle } from './host-throttle';

type THandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** A local HTTP server whose routes the tests define; every request is recorded. */
async function startServer(routes: Record<string, THandler>) {
  const requests: { method: string; path: string; range: string | undefined; at: number }[] = [];
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ method: request.method ?? '', path, range: request.headers.range, at: Date.now() });
    const handler = routes[path.split('?')[0]!];
    if (handler) handler(request, response);
    else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const BODY = Buffer.alloc(5000, 'x');

let site: Awaited<ReturnType<typeof startServer>>;
/** Another service on the same machine, for the own-origin rule. */
let other: Awaited<ReturnType<typeof startServer>>;

/** Loopback is private: the tests allow 127.0.0.1 as the demo allows its own host, except where refusal is tested. */
const allowLoopback: TCheckLinkOptions = { allowedHosts: ['127.0.0.1'], timeoutMs: 2000, maxRedirects: 5 };

beforeAll(async () => {
  other = await startServer({
    '/file.csv': (_request, response) => void response.writeHead(200, { 'content-length': 3 }).end('a,b'),
  });
  site = await startServer({
    '/file.csv': (request, response) => {
      response.writeHead(200, { 'content-type': 'text/csv', 'content-length': BODY.length });
      response.end(request.method === 'HEAD' ? undefined : BODY);
    },
    '/no-head.csv': (request, response) => {
      if (request.method === 'HEAD') return void response.writeHead(405).end();
      if (request.headers.range === 'bytes=0-0') {
        response.writeHead(206, { 'content-range': `bytes 0-0/${BODY.length}`, 'content-length': 1 });
        return void response.end(BODY.subarray(0, 1));
      }
      response.writeHead(200, { 'content-length': BODY.length }).end(BODY);
    },
    '/login-required': (_request, response) => void response.writeHead(401).end(),
    '/server-error': (_request, response) => void response.writeHead(500).end(),
    '/hang': () => {
      // Never answers: the check must give up by itself.
    },
    '/loop': (_request, response) => void response.writeHead(302, { location: '/loop' }).end(),
    '/moved': (_request, response) => void response.writeHead(301, { location: '/file.csv' }).end(),
    '/to-other-port': (_request, response) =>
      void response.writeHead(302, { location: `http://127.0.0.1:${other.port}/file.csv` }).end(),
    '/to-localhost': (_request, response) =>
      void response.writeHead(302, { location: `http://localhost:${site.port}/file.csv` }).end(),
  });
});

afterAll(async () => {
  await site?.close();
  await other?.close();
});

describe('checkLink', () => {
  it('finds a file online and reads its size from a HEAD', async () => {
    const result = await checkLink(site.url('/file.csv'), allowLoopback);
    expect(result).toEqual({ status: 'online', httpStatus: 200, byteSize: BODY.length, failure: null });
  });

  it('falls back to a GET of the first byte when HEAD is refused, and reads the size from Content-Range', async () => {
    const before = site.requests.length;
    const result = await checkLink(site.url('/no-head.csv'), allowLoopback);
    expect(result).toEqual({ status: 'online', httpStatus: 206, byteSize: BODY.length, failure: null });
    const made = site.requests.slice(before);
    expect(made.map((request) => request.method)).toEqual(['HEAD', 'GET']);
    expect(made[1]?.range).toBe('bytes=0-0');
  });

  it('reports a 404 as offline with its status', async () => {
    const result = await checkLink(site.url('/missing.csv'), allowLoopback);
    expect(result).toEqual({ status: 'offline', httpStatus: 404, byteSize: null, failure: 'http-error' });
  });

  it('reports a server error as offline', async () => {
    const result = await checkLink(site.url('/server-error'), allowLoopback);
    expect(result.status).toBe('offline');
    expect(result.httpStatus).toBe(500);
  });

  it('counts an endpoint asking for credentials as online', async () => {
    const result = await checkLink(site.url('/login-required'), allowLoopback);
    expect(result).toEqual({ status: 'online', httpStatus: 401, byteSize: null, failure: null });
  });

  it('gives up on an endpoint that does not answer in time', async () => {
    const started = Date.now();
    const result = await checkLink(site.url('/hang'), { ...allowLoopback, timeoutMs: 300 });
    expect(result).toEqual({ status: 'offline', httpStatus: null, byteSize: null, failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('follows a redirect to the file', async () => {
    const result = await checkLink(site.url('/moved'), allowLoopback);
    expect(result).toMatchObject({ status: 'online', httpStatus: 200, byteSize: BODY.length });
  });

  it('stops a redirect loop at the redirect limit', async () => {
    const before = site.requests.length;
    const result = await checkLink(site.url('/loop'), { ...allowLoopback, maxRedirects: 3 });
    expect(result).toEqual({ status: 'offline', httpStatus: null, byteSize: null, failure: 'too-many-redirects' });
    expect(site.requests.length - before).toBe(4);
  });

  it('refuses a loopback address that is not allowed, without sending a request', async () => {
    const before = site.requests.length;
    const result = await checkLink(site.url('/file.csv'), { ...allowLoopback, allowedHosts: [] });
    expect(result).toEqual({ status: 'offline', httpStatus: null, byteSize: null, failure: 'private-address' });
    expect(site.requests.length).toBe(before);
  });

  it('refuses a host name that resolves to a private address', async () => {
    const result = await checkLink(`http://localhost:${site.port}/file.csv`, { ...allowLoopback, allowedHosts: [] });
    expect(result.failure).toBe('private-address');
  });

  it('refuses a name when any of its addresses is private', async () => {
    const result = await checkLink('http://mixed.example.org/file.csv', {
      ...allowLoopback,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
    });
    expect(result.failure).toBe('private-address');
  });

  it('checks the address again after a redirect', async () => {
    const result = await checkLink(site.url('/to-localhost'), allowLoopback);
    expect(result.failure).toBe('private-address');
  });

  it('refuses IPv6 loopback and the cloud metadata address', async () => {
    const options = { ...allowLoopback, allowedHosts: [] };
    expect((await checkLink(`http://[::1]:${site.port}/file.csv`, options)).failure).toBe('private-address');
    expect((await checkLink('http://169.254.169.254/latest/meta-data/', options)).failure).toBe('private-address');
  });

  it('reports a name that does not resolve', async () => {
    const result = await checkLink('https://no-such-host.invalid/file.csv', {
      ...allowLoopback,
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      },
    });
    expect(result).toEqual({ status: 'offline', httpStatus: null, byteSize: null, failure: 'dns' });
  });

  it('refuses URLs that are not http or https', async () => {
    expect((await checkLink('ftp://example.org/file.csv', allowLoopback)).failure).toBe('unsupported-url');
    expect((await checkLink('not a url', allowLoopback)).failure).toBe('unsupported-url');
  });

  it('spaces out requests to one host', async () => {
    const options = { ...allowLoopback, throttle: createHostThrottle(250) };
    const before = site.requests.length;
    await Promise.all([checkLink(site.url('/file.csv'), options), checkLink(site.url('/file.csv'), options)]);
    const [first, second] = site.requests.slice(before);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(240);
  });
});

describe("checkLink at the product's own origin (DEMO_DATA)", () => {
  const noHosts: TCheckLinkOptions = { allowedHosts: [], timeoutMs: 2000, maxRedirects: 5 };
  afterEach(() => configureOwnOrigin(null));

  it('reaches the own origin without any allowed host, and nothing else on loopback', async () => {
    expect((await checkLink(site.url('/file.csv'), noHosts)).failure).toBe('private-address');
    configureOwnOrigin(site.url('/'));
    expect(await checkLink(site.url('/file.csv'), noHosts)).toEqual({
      status: 'online',
      httpStatus: 200,
      byteSize: BODY.length,
      failure: null,
    });
    expect((await checkLink(other.url('/file.csv'), noHosts)).failure).toBe('private-address');
  });

  it('refuses a redirect from the own origin to another loopback port or name', async () => {
    configureOwnOrigin(site.url('/'));
    const before = other.requests.length;
    expect(await checkLink(site.url('/to-other-port'), noHosts)).toMatchObject({
      status: 'offline',
      failure: 'private-address',
    });
    expect(other.requests.length).toBe(before);
    expect((await checkLink(site.url('/to-localhost'), noHosts)).failure).toBe('private-address');
  });

  it('does not space out requests to the own origin, which spares no publisher', async () => {
    configureOwnOrigin(site.url('/'));
    const options = { ...noHosts, throttle: createHostThrottle(60_000) };
    // With the spacing, the second check would wait a minute and the test time out.
    await checkLink(site.url('/file.csv'), options);
    expect((await checkLink(site.url('/file.csv'), options)).status).toBe('online');
  });
});
