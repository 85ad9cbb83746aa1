import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiFetch, configureApiAuth } from './api';
import { discardUntakenPrefetches, takePrefetched } from './prefetched';

const answer = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  delete window.dsmPrefetched;
});

describe('takePrefetched', () => {
  it('hands out a prefetched answer once, and only for the token it was sent with', async () => {
    const licences = { method: 'GET', path: '/api/licence', body: null };
    window.dsmPrefetched = { 'GET /api/licence': { token: 'token-a', body: null, response: answer([]) } };
    expect(takePrefetched(licences, 'token-b')).toBeNull();
    // Even a refused one is gone: a later call must not get an answer meant for another token.
    expect(takePrefetched(licences, 'token-a')).toBeNull();
    window.dsmPrefetched = { 'GET /api/licence': { token: 'token-a', body: null, response: answer([]) } };
    expect(takePrefetched(licences, null)).toBeNull();
    window.dsmPrefetched = { 'GET /api/licence': { token: 'token-a', body: null, response: answer(['x']) } };
    expect(await (await (takePrefetched(licences, 'token-a') as Promise<Response>)).json()).toEqual(['x']);
    expect(takePrefetched(licences, 'token-a')).toBeNull();
  });

  it('hands out a prefetched search only for the same method and body', () => {
    const body = '{"index":0,"pageSize":10}';
    const entry = () => ({ token: 't', body, response: answer({}) });
    window.dsmPrefetched = { 'POST /api/search?query=a': entry() };
    expect(
      takePrefetched({ method: 'POST', path: '/api/search?query=a', body: '{"index":1,"pageSize":10}' }, 't'),
    ).toBeNull();
    window.dsmPrefetched = { 'POST /api/search?query=a': entry() };
    expect(takePrefetched({ method: 'GET', path: '/api/search?query=a', body: null }, 't')).toBeNull();
    expect(takePrefetched({ method: 'POST', path: '/api/search?query=a', body }, 't')).not.toBeNull();
  });
});

describe('apiFetch with a prefetched answer', () => {
  it('uses the prefetched answer instead of a request when the token is the same', async () => {
    configureApiAuth({ getAccessToken: async () => 'token-a', onUnauthorized: () => {} });
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    window.dsmPrefetched = {
      'GET /api/search/cache': { token: 'token-a', body: null, response: answer({ keywords: ['air'] }) },
    };
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
      'GET /api/search/cache': { token: 'token-a', body: null, response: Promise.reject(new TypeError('offline')) },
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

  it('ends the requests of prefetched answers nobody takes, refused ones and those left once the page settled', async () => {
    const cancelled: string[] = [];
    const streamed = (name: string) =>
      Promise.resolve(new Response(new ReadableStream({ cancel: () => void cancelled.push(name) }), { status: 200 }));
    window.dsmPrefetched = {
      'GET /api/licence': { token: 't', body: null, response: streamed('licence') },
      'GET /api/search/cache': { token: 't', body: null, response: streamed('cache') },
    };
    expect(takePrefetched({ method: 'GET', path: '/api/licence', body: null }, 'other')).toBeNull();
    discardUntakenPrefetches();
    expect(window.dsmPrefetched).toEqual({});
    await vi.waitFor(() => expect(cancelled.sort()).toEqual(['cache', 'licence']));
  });
});
