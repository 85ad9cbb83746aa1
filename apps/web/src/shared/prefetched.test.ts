import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiFetch, configureApiAuth } from './api';
import { takePrefetched } from './prefetched';

const answer = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  delete window.dsmPrefetched;
  vi.restoreAllMocks();
});

describe('takePrefetched', () => {
  it('hands out a prefetched answer once, and only for the token it was sent with', async () => {
    window.dsmPrefetched = { '/api/licence': { token: 'token-a', response: answer([]) } };
    expect(takePrefetched('/api/licence', 'token-b')).toBeNull();
    // Even a refused one is gone: a later call must not get an answer meant for another token.
    expect(takePrefetched('/api/licence', 'token-a')).toBeNull();
    window.dsmPrefetched = { '/api/licence': { token: 'token-a', response: answer([]) } };
    expect(takePrefetched('/api/licence', null)).toBeNull();
    window.dsmPrefetched = { '/api/licence': { token: 'token-a', response: answer(['x']) } };
    expect(await (await (takePrefetched('/api/licence', 'token-a') as Promise<Response>)).json()).toEqual(['x']);
    expect(takePrefetched('/api/licence', 'token-a')).toBeNull();
  });
});

describe('apiFetch with a prefetched answer', () => {
  it('uses the prefetched answer instead of a request when the token is the same', async () => {
    configureApiAuth({ getAccessToken: async () => 'token-a', onUnauthorized: () => {} });
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    window.dsmPrefetched = { '/api/search/cache': { token: 'token-a', response: answer({ keywords: ['air'] }) } };
    const values = await apiFetch({
      method: 'GET',
      path: '/api/search/cache',
      schema: z.object({ keywords: z.array(z.string()) }),
    });
    expect(values).toEqual({ keywords: ['air'] });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server itself when the prefetch failed on the way', async () => {
    configureApiAuth({ getAccessToken: async () => 'token-a', onUnauthorized: () => {} });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer({ keywords: ['fresh'] }));
    window.dsmPrefetched = {
      '/api/search/cache': { token: 'token-a', response: Promise.reject(new TypeError('offline')) },
    };
    const values = await apiFetch({
      method: 'GET',
      path: '/api/search/cache',
      schema: z.object({ keywords: z.array(z.string()) }),
    });
    expect(values).toEqual({ keywords: ['fresh'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer token-a');
  });
});
