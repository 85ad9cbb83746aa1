import type { Migration } from 'kysely';
import * as catalogue from './0001-catalogue';
import * as identity from './0002-identity';
import * as connectors from './0003-connectors';
import * as likesAndLinkChecks from './0004-likes-and-link-checks';
import * as orders from './0005-orders';
import * as offerOwners from './0006-offer-owners';
import * as harvest from './0007-harvest';
import * as deliveries from './0008-deliveries';
import * as connectorRegistration from './0009-connector-registration';
import * as cheaperOfferVectors from './0010-cheaper-offer-vectors';
import * as linkCheckOffers from './0011-link-check-offers';
import * as searchOutbox from './0012-search-outbox';
import * as searchOutboxCallerQueues from './0013-search-outbox-caller-queues';
import * as entitlements from './0014-entitlements';
import * as organisations from './0015-organisations';
import * as usageEvents from './0016-usage-events';
import * as apiGateway from './0017-api-gateway';
import * as pricingModels from './0018-pricing-models';
import * as commissionInvoices from './0019-commission-invoices';
import * as previews from './0020-previews';
import * as savedSearchesAndAlerts from './0021-saved-searches-and-alerts';
import * as commissionInvoiceLifecycle from './0022-commission-invoice-lifecycle';
import * as freeOffersAcquirable from './0023-free-offers-acquirable';
import * as offerHoldings from './0024-offer-holdings';
import * as searchOutboxLinkChecks from './0025-search-outbox-link-checks';
import * as sharedLimits from './0026-shared-limits';
import * as connectorManagementApiVersion from './0027-connector-management-api-version';
import * as organisationConnectors from './0028-organisation-connectors';
import * as dataspaceCrawl from './0029-dataspace-crawl';
import * as searchOutboxCursors from './0030-search-outbox-cursors';
import * as crawledOfferAccess from './0031-crawled-offer-access';
import * as connectorFederatedCatalog from './0032-connector-federated-catalog';
import * as catalogPageIndex from './0033-catalog-page-index';

/** Every migration in the order it applies. Never edit a landed one; add a new file and list it here. */
export const migrations: Record<string, Migration> = {
  '0001-catalogue': catalogue,
  '0002-identity': identity,
  '0003-connectors': connectors,
  '0004-likes-and-link-checks': likesAndLinkChecks,
  '0005-orders': orders,
  '0006-offer-owners': offerOwners,
  '0007-harvest': harvest,
  '0008-deliveries': deliveries,
  '0009-connector-registration': connectorRegistration,
  '0010-cheaper-offer-vectors': cheaperOfferVectors,
  '0011-link-check-offers': linkCheckOffers,
  '0012-search-outbox': searchOutbox,
  '0013-search-outbox-caller-queues': searchOutboxCallerQueues,
  '0014-entitlements': entitlements,
  '0015-organisations': organisations,
  '0016-usage-events': usageEvents,
  '0019-commission-invoices': commissionInvoices,
  '0020-previews': previews,
  '0017-api-gateway': apiGateway,
  '0018-pricing-models': pricingModels,
  '0021-saved-searches-and-alerts': savedSearchesAndAlerts,
  '0022-commission-invoice-lifecycle': commissionInvoiceLifecycle,
  '0023-free-offers-acquirable': freeOffersAcquirable,
  '0024-offer-holdings': offerHoldings,
  '0025-search-outbox-link-checks': searchOutboxLinkChecks,
  '0026-shared-limits': sharedLimits,
  '0027-connector-management-api-version': connectorManagementApiVersion,
  '0028-organisation-connectors': organisationConnectors,
  '0029-dataspace-crawl': dataspaceCrawl,
  '0030-search-outbox-cursors': searchOutboxCursors,
  '0031-crawled-offer-access': crawledOfferAccess,
  '0032-connector-federated-catalog': connectorFederatedCatalog,
  '0033-catalog-page-index': catalogPageIndex,
};
