import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnectorClient } from './create-connector-client';
import {
  BadRequestError,
  type ConnectorError,
  DuplicateError,
  InvalidInputError,
  isConnectorError,
  MalformedAnswerError,
  NotFoundError,
  UnknownError,
  UnreachableError,
} from './errors';
import { type Reply, startTestServer, type TestServer } from './test/http-server';

let reply: Reply = { json: {} };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(() => reply);
});

afterAll(() => server.close());

function clientFor(url: string, timeoutMs?: number) {
  return createConnectorClient({
    addresses: { management: `${url}/management`, public: `${url}/public` },
    timeoutMs,
  });
}

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  try {
    await promise;
  } catch (error) {
    if (isConnectorError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const edcError = JSON.stringify([{ message: 'missing dataAddress', type: 'ValidationFailure', path: 'dataAddress' }]);

describe('connector client errors', () => {
  it("maps 400 to BadRequest 'request was malformed: ' plus the server text", async () => {
    reply = { status: 400, text: edcError };
    const error = await failure(clientFor(server.url).assets.get('a'));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('BadRequest');
    expect(error.message).toBe(`request was malformed: ${edcError}`);
    expect(error.status).toBe(400);
    expect(error.details).toEqual([{ message: 'missing dataAddress', type: 'ValidationFailure', path: 'dataAddress' }]);
  });

  it("maps 404 to NotFound 'resource not found: ' plus the text", async () => {
    reply = { status: 404, text: 'Object of type Asset with ID=a was not found' };
    const error = await failure(clientFor(server.url).assets.delete('a'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('resource not found: Object of type Asset with ID=a was not found');
  });

  it("maps 409 to Duplicate 'duplicated resource: ' plus the text", async () => {
    reply = { status: 409, text: 'already exists' };
    const error = await failure(
      clientFor(server.url).assets.create({ id: 'a', properties: {}, dataAddress: { type: 'HttpData' } }),
    );
    expect(error).toBeInstanceOf(DuplicateError);
    expect(error.message).toBe('duplicated resource: already exists');
  });

  it('maps any other failure status to Unknown with the server text', async () => {
    reply = { status: 500, text: 'database on fire' };
    const error = await failure(clientFor(server.url).dataplanes.list());
    expect(error).toBeInstanceOf(UnknownError);
    expect(error.message).toBe('database on fire');
    expect(error.status).toBe(500);

    reply = { status: 401, text: '' };
    const unauthorized = await failure(clientFor(server.url).dataplanes.list());
    expect(unauthorized).toBeInstanceOf(UnknownError);
    expect(unauthorized.message).toBe('401 Unauthorized');
  });

  it("maps a network failure to Unknown 'something went wrong: ' plus the detail", async () => {
    const closed = await closedPort();
    const error = await failure(clientFor(`http://127.0.0.1:${closed}`).assets.get('a'));
    expect(error).toBeInstanceOf(UnknownError);
    expect(error.message).toMatch(/^something went wrong: fetch failed/);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.status).toBeUndefined();
  });

  it('maps a timeout and an abort to Unknown', async () => {
    reply = { json: {}, delayMs: 300 };
    const timedOut = await failure(clientFor(server.url, 50).assets.get('a'));
    expect(timedOut.message).toBe('something went wrong: timed out after 50 ms');

    const controller = new AbortController();
    const pending = clientFor(server.url).assets.get('a', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const aborted = await failure(pending);
    expect(aborted).toBeInstanceOf(UnknownError);
    expect(aborted.message).toMatch(/^something went wrong: .*abort/i);
  });

  it('requires a non-empty body where a value is expected: 204 and empty bodies are Unreachable', async () => {
    reply = { status: 204 };
    const noContent = await failure(clientFor(server.url).assets.get('a'));
    expect(noContent).toBeInstanceOf(UnreachableError);
    expect(noContent.message).toBe('response is never empty');

    reply = { status: 200, text: '' };
    const empty = await failure(clientFor(server.url).assets.query());
    expect(empty).toBeInstanceOf(UnreachableError);
  });

  it('accepts a 204 or an empty 200 where no value is expected', async () => {
    reply = { status: 204 };
    await expect(clientFor(server.url).assets.delete('a')).resolves.toBeUndefined();
    reply = { status: 200, text: '' };
    await expect(clientFor(server.url).contractNegotiations.terminate('n', 'why')).resolves.toBeUndefined();
  });

  it('reports an unreadable JSON answer as Unknown', async () => {
    reply = { status: 200, text: '<html>proxy error</html>' };
    const error = await failure(clientFor(server.url).assets.get('a'));
    expect(error).toBeInstanceOf(UnknownError);
    expect(error.message).toMatch(/^something went wrong: /);
  });

  it("reports a streamed empty body or a 204 as Unreachable 'response is never empty'", async () => {
    reply = { status: 200, text: '' };
    const empty = await failure(clientFor(server.url).publicData.get());
    expect(empty).toBeInstanceOf(UnreachableError);
    expect(empty.message).toBe('response is never empty');

    reply = { status: 204 };
    const noContent = await failure(clientFor(server.url).publicData.get());
    expect(noContent).toBeInstanceOf(UnreachableError);
  });

  it('maps public data-plane failures like any other call', async () => {
    reply = { status: 403, text: 'token expired' };
    const error = await failure(clientFor(server.url).publicData.get({ headers: { authorization: 'old' } }));
    expect(error).toBeInstanceOf(UnknownError);
    expect(error.message).toBe('token expired');
  });

  it('refuses a successful answer that is not what the Management API returns', async () => {
    const client = clientFor(server.url);
    reply = { json: { hello: 'world' } };
    const notAList = await failure(client.assets.query());
    expect(notAList).toBeInstanceOf(MalformedAnswerError);
    expect(notAList.code).toBe('MalformedAnswer');
    expect(notAList.message).toBe('unexpected answer: a list was expected');

    reply = { json: [{ '@type': 'Asset', properties: {} }] };
    expect((await failure(client.assets.query())).message).toBe('unexpected answer: an asset without an @id');

    reply = { json: [1, 'two', null] };
    expect((await failure(client.contractDefinitions.get('x'))).message).toBe(
      'unexpected answer: a contract definition without an @id',
    );
    reply = { json: { status: 'ok' } };
    expect((await failure(clientFor(server.url).policyDefinitions.get('x'))).code).toBe('MalformedAnswer');
  });

  // encodeURIComponent threw a URIError for these, synchronously for the calls that were not async.
  it('raises InvalidInput, never a URIError, for an id holding a lone surrogate, and sends nothing', async () => {
    const client = clientFor(server.url);
    const id = 'asset-\ud800';
    const before = server.requests.length;
    const calls: [string, () => Promise<unknown>][] = [
      ['assets.get', () => client.assets.get(id)],
      ['assets.delete', () => client.assets.delete(id)],
      ['contractDefinitions.delete', () => client.contractDefinitions.delete(id)],
      ['contractAgreements.get', () => client.contractAgreements.get(id)],
      ['contractNegotiations.terminate', () => client.contractNegotiations.terminate(id, 'why')],
      ['edrs.delete', () => client.edrs.delete(id)],
      ['policyDefinitions.update', () => client.policyDefinitions.update(id, { policy: {} })],
      ['policyDefinitions.delete', () => client.policyDefinitions.delete(id)],
      ['secrets.delete', () => client.secrets.delete(id)],
      ['transferProcesses.deprovision', () => client.transferProcesses.deprovision(id)],
      ['publicData.get path', () => client.publicData.get({ path: '/files/\ud800' })],
      ['publicData.get query', () => client.publicData.get({ query: { page: '\udc00' } })],
      ['publicData.get header', () => client.publicData.get({ headers: { authorization: 'token \u20ac' } })],
    ];
    for (const [name, call] of calls) {
      let promise: Promise<unknown>;
      try {
        promise = call();
      } catch (error) {
        throw new Error(`${name} threw instead of rejecting: ${String(error)}`);
      }
      const error = await failure(promise);
      expect(error, name).toBeInstanceOf(InvalidInputError);
      expect(error.code, name).toBe('InvalidInput');
      expect(error.status, name).toBeUndefined();
    }
    expect(server.requests.length).toBe(before);
  });

  it('reads a list answer in which every item has its id', async () => {
    reply = { json: [{ '@id': 'b' }, { '@id': 'a' }] };
    expect((await clientFor(server.url).assets.query()).map((asset) => asset.id)).toEqual(['a', 'b']);
  });

  it('does not cut a slow stream off after the timeout once data flows', async () => {
    reply = { chunks: ['a', 'b', 'c', 'd', 'e', 'f'], chunkDelayMs: 60 };
    const response = await clientFor(server.url, 200).publicData.get();
    // The whole stream takes about 360 ms, well past the 200 ms timeout.
    expect(await new Response(response.body).text()).toBe('abcdef');
  });
});

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
