import { type Mock, vi } from 'vitest';
import { notFound } from './answers';

/** How a test's fake server answers one request; nothing (undefined) for a route it does not know. */
export type TFakeRoute = (
  url: string,
  init: RequestInit | undefined,
) => Response | undefined | Promise<Response | undefined>;

/**
 * Puts a fake server in place of `fetch` until the mocks are restored: `route` answers what it knows, the
 * server's 404 body the rest. Returns the spy, which sees every call.
 */
export function fakeFetch(route: TFakeRoute): Mock<typeof fetch> {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input, init) => (await route(String(input), init)) ?? notFound()) as Mock<typeof fetch>;
}

/** The JSON body of the first request the spy saw with this method whose address ends with `urlEnd`. */
export function sentBody(fetchMock: Mock<typeof fetch>, method: string, urlEnd = ''): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => init?.method === method && String(url).endsWith(urlEnd));
  return JSON.parse(String(call?.[1]?.body));
}
