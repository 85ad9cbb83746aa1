import { searchCacheEndpoint } from '@dsm/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../test/answers';
import { ApiError } from './api';
import { lazyContract } from './lazy-contract';
import { queryEndpointEarly } from './query-endpoint-early';

/** A contract whose load the test finishes when it likes. */
function heldContract() {
  let finish = () => {};
  const loaded = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const contract = lazyContract(async () => {
    await loaded;
    return { searchCacheEndpoint };
  });
  return { contract, finish };
}

/** The filter values query of `client`, watched so that a reset fetches it again. */
function watchFilterValues(client: QueryClient, contract: ReturnType<typeof heldContract>['contract']) {
  const observer = new QueryObserver(client, {
    queryKey: ['filter-values'],
    retry: false,
    queryFn: (context) =>
      queryEndpointEarly(context, {
        route: 'GET /api/search/cache',
        contract,
        endpoint: (module: { searchCacheEndpoint: typeof searchCacheEndpoint }) => module.searchCacheEndpoint,
        call: {},
      }),
  });
  return observer.subscribe(() => {});
}

afterEach(() => vi.restoreAllMocks());

describe('queryEndpointEarly', () => {
  it('answers before the contract has loaded, and keeps the answer once it checks out', async () => {
    const answer = { keywords: ['air'], categories: ['LAW'] };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, answer));
    const client = new QueryClient();
    const { contract, finish } = heldContract();
    const stop = watchFilterValues(client, contract);
    await vi.waitFor(() => expect(client.getQueryData(['filter-values'])).toEqual(answer));
    expect(contract.loaded()).toBeNull();
    finish();
    await vi.waitFor(() => expect(contract.loaded()).not.toBeNull());
    expect(client.getQueryState(['filter-values'])?.status).toBe('success');
    expect(client.getQueryData(['filter-values'])).toEqual(answer);
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    stop();
  });

  it('fails with UNEXPECTED_RESPONSE once the contract finds the early answer does not fit', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(200, { keywords: 42 }));
    const client = new QueryClient();
    const { contract, finish } = heldContract();
    const stop = watchFilterValues(client, contract);
    await vi.waitFor(() => expect(client.getQueryData(['filter-values'])).toEqual({ keywords: 42 }));
    finish();
    await vi.waitFor(() => expect(client.getQueryState(['filter-values'])?.status).toBe('error'));
    const error = client.getQueryState(['filter-values'])?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
    expect(client.getQueryData(['filter-values'])).toBeUndefined();
    stop();
  });
});
