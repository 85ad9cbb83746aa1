import { searchEndpoint } from '@dsm/contracts';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../../../lib/error-handler';
import { forgetKeptOfferDocuments } from '../../catalogue/kept-offer-documents';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A request that changes data: searching is a POST that changes nothing, and a call through the API
 * gateway changes the supplier's data, not the catalogue.
 */
const mayChange = (method: string, url: string): boolean =>
  CHANGING_METHODS.has(method) &&
  isApiPath(url) &&
  !url.startsWith('/gateway/') &&
  url.split('?')[0] !== searchEndpoint.path;

/**
 * A request that may have changed the catalogue is answered once the search index holds its change (when
 * only a few changes wait), so the search the caller makes next finds it, and the offers search keeps in memory
 * are forgotten (as they are whenever the index applies changes: search-offers.ts), so the next search shows it. Searches
 * themselves never wait.
 */
export function registerIndexCatchUp(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && mayChange(request.method, request.url)) {
      // Also a like or an unpublished offer, which the index does not hold but a result card shows.
      forgetKeptOfferDocuments();
      // The change is committed; the index follows at its next poll when it cannot now.
      await app.searchIndex.catchUp().catch(() => {});
    }
    return payload;
  });
}
