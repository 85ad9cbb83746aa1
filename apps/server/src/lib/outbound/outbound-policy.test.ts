import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  configureOwnOrigin,
  createOutboundPolicy,
  isOwnOrigin,
  OutboundAddressRefused,
  type TResolvedAddress,
} from './outbound-policy';

let target: http.Server;
let targetPort: number;
let hits: string[] = [];
let redirector: http.Server;
let redirectorPort: number;

const listen = async (server: http.Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  target = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('secret');
  });
  targetPort = await listen(target);
  redirector = http.createServer((_request, response) => {
    response.writeHead(302, { location: `http://127.0.0.1:${targetPort}/after-redirect` }).end();
  });
  redirectorPort = await listen(redirector);
});

afterAll(async () => {
  await Promise.all([target, redirector].map((server) => new Promise((resolve) => server.close(resolve))));
});

const policyOf = (allowedHosts: string[] = [], resolve?: (host: string) => Promise<TResolvedAddress[]>) =>
  createOutboundPolicy({
    purpose: 'test',
    allowSetting: 'TEST_ALLOWED_HOSTS',
    allowedHosts,
    ...(resolve ? { resolve } : {}),
  });

/** The reason a fetch was refused, or null when it got an answer. */
async function refusalOf(promise: Promise<Response>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    const cause = (error as Error).cause;
    if (cause instanceof OutboundAddressRefused) return cause.message;
    throw error;
  }
}

describe('outbound address policy: problemOf', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['http://10.0.0.1/catalog.json', '10.0.0.1 is a private address'],
    ['http://127.0.0.1:8080/', '127.0.0.1 is a loopback address'],
    ['http://[::1]/', '::1 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/', 'is a loopback address'],
    ['http://[::ffff:a9fe:a9fe]/', 'is a link-local address'],
    ['http://0.0.0.0/', '0.0.0.0 is an unspecified address'],
    ['http://2130706433/', '127.0.0.1 is a loopback address'],
  ])('refuses %s, naming the rule and the setting that allows it', async (url, words) => {
    const problem = await policyOf().problemOf(url);
    expect(problem).toContain(words);
    expect(problem).toContain('not a public one; TEST_ALLOWED_HOSTS can allow the host');
  });

  it('refuses a name that resolves to a loopback address', async () => {
    expect(await policyOf().problemOf('http://localhost/')).toMatch(/localhost \((127\.0\.0\.1|::1)\) is a loopback/);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const policy = policyOf([], async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]);
    expect(await policy.problemOf('http://mixed.example.org/')).toContain('mixed.example.org (10.0.0.7) is a private');
  });

  it('accepts public addresses, allowed hosts in any case, and allowed origins on their own port only', async () => {
    const policy = policyOf(['Demo.Example.org', '127.0.0.1'], async () => [{ address: '10.0.0.8', family: 4 }]);
    expect(await policy.problemOf('http://93.184.216.34/')).toBeNull();
    expect(await policy.problemOf('http://demo.example.org/')).toBeNull();
    expect(await policy.problemOf('http://127.0.0.1:9/')).toBeNull();
    const sandbox = policyOf();
    sandbox.allowOrigin('http://127.0.0.1:4100/sandbox');
    expect(await sandbox.problemOf('http://127.0.0.1:4100/other')).toBeNull();
    expect(await sandbox.problemOf('http://127.0.0.1:4101/other')).toContain('loopback');
    sandbox.forgetOrigin('http://127.0.0.1:4100/sandbox');
    expect(await sandbox.problemOf('http://127.0.0.1:4100/other')).toContain('loopback');
  });

  it('refuses what is not an http or https URL', async () => {
    expect(await policyOf().problemOf('file:///etc/passwd')).toBe('must be an http or https URL');
    expect(await policyOf().problemOf('gopher://example.org/')).toBe('must be an http or https URL');
  });
});

/**
 * A policy allowing no host whose resolver answers every name with `first` once, and with `then` after that;
 * `answers()` says how often it was asked.
 */
function policyResolvingFirst(first: string, then: string) {
  let answers = 0;
  const policy = policyOf([], async () => [{ address: answers++ === 0 ? first : then, family: 4 }]);
  return Object.assign(policy, { answers: () => answers });
}

describe('outbound address policy: fetch', () => {
  it('refuses a loopback address at connection time, without sending a request', async () => {
    hits = [];
    const refusal = await refusalOf(policyOf().fetch(`http://127.0.0.1:${targetPort}/direct`));
    expect(refusal).toContain('127.0.0.1 is a loopback address');
    expect(hits).toEqual([]);
  });

  it('checks the DNS answer at connection time: a name that passed when given and now resolves to loopback is refused', async () => {
    hits = [];
    // Public when the address is given, loopback when the connection is made: DNS rebinding.
    const policy = policyResolvingFirst('93.184.216.34', '127.0.0.1');
    expect(await policy.problemOf(`http://rebind.example.org:${targetPort}/`)).toBeNull();
    const refusal = await refusalOf(policy.fetch(`http://rebind.example.org:${targetPort}/rebound`));
    expect(refusal).toContain('rebind.example.org (127.0.0.1) is a loopback address');
    expect(hits).toEqual([]);
  });

  it('connects to the address it checked and asks the resolver once, so a second answer cannot swap in loopback', async () => {
    hits = [];
    const policy = policyResolvingFirst('192.0.2.1', '127.0.0.1');
    // 192.0.2.1 (TEST-NET-1) is reserved, so it is refused too; what matters is that nothing asked again and
    // nothing reached the loopback server that a second answer would have named.
    const refusal = await refusalOf(
      policy.fetch(`http://swap.example.org:${targetPort}/swapped`, { signal: AbortSignal.timeout(1000) }),
    );
    expect(refusal).toContain('swap.example.org (192.0.2.1) is a documentation address');
    expect(policy.answers()).toBe(1);
    expect(hits).toEqual([]);
  });

  it('checks every redirect hop: an allowed origin redirecting to a loopback address is refused', async () => {
    hits = [];
    const policy = policyOf();
    policy.allowOrigin(`http://127.0.0.1:${redirectorPort}/`);
    const refusal = await refusalOf(policy.fetch(`http://127.0.0.1:${redirectorPort}/start`));
    expect(refusal).toContain('127.0.0.1 is a loopback address');
    expect(hits).toEqual([]);
  });

  it('connects to the address its resolver answered, without asking DNS again', async () => {
    hits = [];
    let answers = 0;
    // The name exists only in this resolver: reaching the server proves the socket went to the answered address.
    const policy = policyOf(['pinned.example.org'], async () => {
      answers++;
      return [{ address: '127.0.0.1', family: 4 }];
    });
    const response = await policy.fetch(`http://pinned.example.org:${targetPort}/pinned`);
    expect(response.status).toBe(200);
    expect(hits).toEqual(['/pinned']);
    expect(answers).toBe(1);
  });

  it('reaches an allowed host', async () => {
    hits = [];
    const response = await policyOf(['127.0.0.1']).fetch(`http://127.0.0.1:${targetPort}/allowed`);
    expect(response.status).toBe(200);
    expect(hits).toEqual(['/allowed']);
  });
});

describe("outbound address policy: the product's own origin (DEMO_DATA)", () => {
  afterEach(() => configureOwnOrigin(null));

  it('opens exactly the own host and port to every policy, and nothing while unconfigured', async () => {
    const own = `http://127.0.0.1:${targetPort}`;
    expect(await policyOf().problemOf(`${own}/demo-data/bus-stops.csv`)).toContain('loopback');
    configureOwnOrigin(own);
    const policy = policyOf();
    expect(await policy.problemOf(`${own}/demo-data/bus-stops.csv`)).toBeNull();
    expect(isOwnOrigin(new URL(`${own}/anything`))).toBe(true);
    // Another port of the same host, and another name of the same address, stay closed.
    expect(await policy.problemOf(`http://127.0.0.1:${redirectorPort}/`)).toContain('127.0.0.1 is a loopback address');
    expect(await policy.problemOf(`http://localhost:${targetPort}/`)).toContain('is a loopback address');
    expect(await policy.problemOf(`http://[::1]:${targetPort}/`)).toContain('::1 is a loopback address');
    expect(isOwnOrigin(new URL(`http://localhost:${targetPort}/`))).toBe(false);
  });

  it('fetches from the own origin and refuses another loopback port', async () => {
    hits = [];
    configureOwnOrigin(`http://127.0.0.1:${targetPort}/`);
    const policy = policyOf();
    const response = await policy.fetch(`http://127.0.0.1:${targetPort}/demo-data/schools.json`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('secret');
    const refusal = await refusalOf(policy.fetch(`http://127.0.0.1:${redirectorPort}/start`));
    expect(refusal).toContain('127.0.0.1 is a loopback address');
    expect(hits).toEqual(['/demo-data/schools.json']);
  });

  it('refuses a redirect from the own origin to another loopback port', async () => {
    hits = [];
    // The redirector plays the product: its answer points at another port of the same machine.
    configureOwnOrigin(`http://127.0.0.1:${redirectorPort}`);
    const refusal = await refusalOf(policyOf().fetch(`http://127.0.0.1:${redirectorPort}/demo-data/schools.json`));
    expect(refusal).toContain('127.0.0.1 is a loopback address');
    expect(hits).toEqual([]);
  });
});
