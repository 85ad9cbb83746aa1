import { consoleAssetDeleteEndpoint, consoleAssetListEndpoint, consoleSecretUpdateEndpoint } from '@dsm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { callEndpoint, endpointPath } from './call-endpoint';

const respond = (status: number, body?: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

describe('callEndpoint', () => {
  it("fills the path's parameters and the query, and answers the parsed body", async () => {
    const fetchMock = respond(200, { assets: [], offset: 20, limit: 20, hasMore: false });
    const page = await callEndpoint(consoleAssetListEndpoint, {
      params: { connectorId: 'my provider' },
      query: { offset: 20, limit: 20, filter: 'a&b' },
    });
    expect(page).toEqual({ assets: [], offset: 20, limit: 20, hasMore: false });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/connectors/my%20provider/assets?offset=20&limit=20&filter=a%26b');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeNull();
  });

  it('sends the body as JSON with the declared method', async () => {
    const fetchMock = respond(200, { id: 'key/1' });
    await callEndpoint(consoleSecretUpdateEndpoint, {
      params: { connectorId: 'provider', objectId: 'key/1' },
      body: { value: 'secret' },
    });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/connectors/provider/secrets/key%2F1');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"value":"secret"}');
  });

  it('resolves an empty answer (204) to null', async () => {
    respond(204);
    await expect(
      callEndpoint(consoleAssetDeleteEndpoint, { params: { connectorId: 'provider', objectId: 'a' } }),
    ).resolves.toBeNull();
  });

  it('refuses an answer that does not fit the declared answer', async () => {
    respond(200, { id: 42 });
    const error = await callEndpoint(consoleSecretUpdateEndpoint, {
      params: { connectorId: 'provider', objectId: 'a' },
      body: { value: 'secret' },
    }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });
});

describe('endpointPath', () => {
  it('repeats the key of a list and leaves out fields without a value', () => {
    expect(endpointPath('/api/x', undefined, { tag: ['a', 'b'], page: undefined, size: 10 })).toBe(
      '/api/x?tag=a&tag=b&size=10',
    );
  });

  it('refuses to call a path whose parameter is missing', () => {
    expect(() => endpointPath('/api/x/:id', {}, undefined)).toThrow(/id/);
  });
});
