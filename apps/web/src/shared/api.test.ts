import { ZSearchCacheResponse } from '@dsm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api';

const respond = (status: number, body: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('apiFetch', () => {
  it('sends JSON and answers the parsed body', async () => {
    const fetchMock = respond(200, { keywords: ['air'], categories: ['ENVIRONMENT'] });
    const values = await apiFetch({ method: 'POST', path: '/api/x', schema: ZSearchCacheResponse, body: { a: 1 } });
    expect(values).toEqual({ keywords: ['air'], categories: ['ENVIRONMENT'] });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/x');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it("throws an ApiError with the server's message", async () => {
    respond(400, {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      error: 'Bad Request',
      message: 'the page starts beyond the result cap of 10000',
    });
    const error = await apiFetch({ method: 'GET', path: '/api/x', schema: ZSearchCacheResponse }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'the page starts beyond the result cap of 10000',
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });

  it('refuses an answer that does not fit the contract', async () => {
    respond(200, { keywords: 'not a list' });
    await expect(apiFetch({ method: 'GET', path: '/api/x', schema: ZSearchCacheResponse })).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
    });
  });

  it('reports an unreachable server', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch({ method: 'GET', path: '/api/x', schema: ZSearchCacheResponse })).rejects.toMatchObject({
      code: 'NETWORK',
      status: 0,
    });
  });
});
