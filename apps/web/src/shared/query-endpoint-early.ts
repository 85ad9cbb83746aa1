import type { TEndpointAnswer, TEndpointDefinition, TRoute } from '@dsm/contracts';
import type { QueryFunctionContext } from '@tanstack/react-query';
import type { z } from 'zod';
import { afterAnswersPainted } from './after-next-paint';
import { parseApiAnswer } from './api';
import { callEndpoint, sendEndpointCall, type TEndpointCall, type TEndpointCallParts } from './call-endpoint';
import type { TLazyContract } from './lazy-contract';

/** A query of an endpoint whose contract (zod) loads apart from the page; one that answers with JSON (not 204). */
export type TEarlyEndpointQuery<TModule, TEndpoint extends TEndpointDefinition> = {
  /** The endpoint's route as its contract declares it (`SEARCH_ROUTE`), known before the contract loads. */
  route: TRoute;
  /** The module holding the endpoint's declaration. */
  contract: TLazyContract<TModule>;
  /** The endpoint in the loaded module. */
  endpoint: (module: TModule) => TEndpoint;
  /** The call's path parameters, query and body, as `callEndpoint` takes them; the query's signal is added. */
  call: NoInfer<Omit<TEndpointCall<TEndpoint>, 'signal'>>;
  /** Called with the answer once it is parsed (to keep it, for example), whichever way it came. */
  onParsed?: (answer: TEndpointAnswer<TEndpoint>) => void;
};

/**
 * A react-query query function that answers before the endpoint's contract has loaded, so a page's first
 * screen does not wait for zod. Once the contract is in, it is `callEndpoint` itself. Before, the call goes
 * out at once and its answer, unparsed, becomes the query's data while the contract loads (asked for once no
 * query is fetching and the browser has painted their answers, so that zod's download does not hold up the page's
 * largest paint on a slow phone: afterAnswersPainted); then the answer
 * is parsed as `callEndpoint` would have: parsed, it replaces the data (the same object when nothing was
 * dropped), and an answer that does not fit resets the query, whose new call, now parsed at once, fails with
 * UNEXPECTED_RESPONSE as it always did. When the contract cannot be loaded, the query waits for it and fails
 * with the load.
 */
export async function queryEndpointEarly<TModule, TEndpoint extends TEndpointDefinition>(
  context: QueryFunctionContext,
  query: TEarlyEndpointQuery<TModule, TEndpoint>,
): Promise<TEndpointAnswer<TEndpoint>> {
  const { contract, endpoint, route, onParsed } = query;
  const call = { ...query.call, signal: context.signal } as TEndpointCallParts;
  const kept = <T>(answer: T): T => {
    onParsed?.(answer as TEndpointAnswer<TEndpoint>);
    return answer;
  };
  const loaded = contract.loaded() ?? (contract.hasFailed() ? await contract.load() : null);
  if (loaded) return kept(await callEndpoint(endpoint(loaded), call as TEndpointCall<TEndpoint>));
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as TEndpointDefinition['method'];
  const answer = await sendEndpointCall(method, route.slice(space + 1), call);
  const parse = (module: TModule) =>
    kept(parseApiAnswer(endpoint(module).answer as z.ZodType<TEndpointAnswer<TEndpoint>>, answer));
  const loadedMeanwhile = contract.loaded();
  if (loadedMeanwhile) return parse(loadedMeanwhile);
  const { client, queryKey } = context;
  afterAnswersPainted(client)
    .then(() => contract.load())
    .then(parse)
    .then(
      (parsed) => client.setQueryData(queryKey, parsed),
      () => client.resetQueries({ queryKey, exact: true }),
    );
  return answer.payload as TEndpointAnswer<TEndpoint>;
}
