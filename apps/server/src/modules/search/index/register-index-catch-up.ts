import {
  cancelSubscriptionEndpoint,
  changeAlertPreferencesEndpoint,
  changeSavedSearchEndpoint,
  createSavedSearchEndpoint,
  deleteSavedSearchEndpoint,
  deliveryRequestEndpoint,
  downloadLinkEndpoint,
  likeEndpoint,
  markAllReadEndpoint,
  markCommissionInvoicePaidEndpoint,
  markInvoicePaidEndpoint,
  markReadEndpoint,
  paymentEndpoint,
  searchEndpoint,
  unlikeEndpoint,
  unsubscribeEndpoint,
} from '@dsm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from '../../../lib/error-handler';
import { forgetKeptOfferDocuments, forgetKeptOffers } from '../../catalogue/kept-offer-documents';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type TRoute = { method: string; path: string };
const routeKey = ({ method, path }: TRoute): string => `${method} ${path}`;

/**
 * Changes that leave every result card as it was: orders, payments, invoices, alerts and deliveries write tables of
 * their own, and what a card shows per user (access URLs) is applied to each answer, never kept.
 */
const CARD_NEUTRAL_ROUTES = new Set(
  [
    paymentEndpoint,
    markInvoicePaidEndpoint,
    markCommissionInvoicePaidEndpoint,
    cancelSubscriptionEndpoint,
    createSavedSearchEndpoint,
    changeSavedSearchEndpoint,
    deleteSavedSearchEndpoint,
    markReadEndpoint,
    markAllReadEndpoint,
    changeAlertPreferencesEndpoint,
    unsubscribeEndpoint,
    deliveryRequestEndpoint,
    downloadLinkEndpoint,
  ].map(routeKey),
);

/** Changes to one offer's card that the index does not queue (it does not index them): its like count. */
const LIKE_ROUTES = new Set([likeEndpoint, unlikeEndpoint].map(routeKey));

/** What a request changed of the kept result cards: nothing, these offers, or possibly any. */
export type TKeptOffersTouched = 'none' | readonly string[] | 'all';

/**
 * Which kept offers a successful request may have changed. Searching is a POST that changes nothing, a call through
 * the API gateway changes the supplier's data, not the catalogue, and the identity provider's own routes (`/idp/`:
 * signing in, tokens, signing out) write only sessions, keys and accounts; an unknown changing request may have changed any
 * card (a publisher renamed), so everything is forgotten.
 */
export function keptOffersTouchedBy(request: {
  method: string;
  url: string;
  routePath?: string;
  query?: unknown;
}): TKeptOffersTouched {
  const { method, url } = request;
  if (!CHANGING_METHODS.has(method) || !isApiPath(url) || url.startsWith('/gateway/') || url.startsWith('/idp/')) {
    return 'none';
  }
  const route = routeKey({ method, path: request.routePath ?? url.split('?')[0] ?? url });
  if (url.split('?')[0] === searchEndpoint.path || CARD_NEUTRAL_ROUTES.has(route)) return 'none';
  if (LIKE_ROUTES.has(route)) {
    const uuid = (request.query as { uuid?: unknown } | undefined)?.uuid;
    return typeof uuid === 'string' ? [uuid] : 'all';
  }
  return 'all';
}

const touchedBy = (request: FastifyRequest): TKeptOffersTouched =>
  keptOffersTouchedBy({
    method: request.method,
    url: request.url,
    routePath: request.routeOptions.url,
    query: request.query,
  });

/**
 * A request that may have changed the catalogue is answered once the search index holds its change (when
 * only a few changes wait), so the search the caller makes next finds it, and the offers search keeps in memory
 * that it may have changed are forgotten (as they are whenever the index applies changes: search-offers.ts), so the
 * next search shows it. Orders and payments forget nothing: the searches beside them keep their cards. Searches
 * themselves never wait.
 */
export function registerIndexCatchUp(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    const touched = touchedBy(request);
    if (touched === 'none') return payload;
    if (touched === 'all') forgetKeptOfferDocuments();
    else forgetKeptOffers(touched);
    // The change is committed; the index follows at its next poll when it cannot now.
    await app.searchIndex.catchUp().catch(() => {});
    return payload;
  });
}
