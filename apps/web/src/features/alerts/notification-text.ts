import type { TNotification, TSavedSearch } from '@dsm/contracts';
import type { TFunction } from 'i18next';
import { formatMoney, formatQuantity } from '../../shared/format/format';
import {
  EMPTY_FILTER,
  resultsPath,
  type TFilterState,
  withList,
  withModifiedRange,
} from '../../shared/search/results-params';

/** What a notification says, in the page's language. */
export function notificationText(t: TFunction, notification: TNotification): string {
  const { params } = notification;
  const offer = params.offer?.title ?? '';
  switch (notification.kind) {
    case 'new_offers':
      return params.count === 1
        ? t('alerts.notification.newOffer', {
            name: params.savedSearchName ?? '',
            title: params.offers?.[0]?.title ?? '',
          })
        : t('alerts.notification.newOffers', {
            count: params.count ?? 0,
            countText: formatQuantity(params.count ?? 0),
            name: params.savedSearchName ?? '',
          });
    case 'price_change':
      return t('alerts.notification.priceChange', {
        offer,
        oldPrice: formatMoney(params.oldPrice ?? 0, params.currency),
        newPrice: formatMoney(params.newPrice ?? 0, params.currency),
      });
    case 'endpoint_offline':
      return t('alerts.notification.endpointOffline', { offer, endpoint: params.endpoint ?? '' });
    case 'endpoint_online':
      return t('alerts.notification.endpointOnline', { offer, endpoint: params.endpoint ?? '' });
  }
}

/** The results page of a saved search: its terms, filter and order as the page's URL writes them. */
export function savedSearchPath(search: Pick<TSavedSearch, 'query' | 'filter' | 'sort'>): string {
  const { filter } = search;
  let state: TFilterState = {
    ...EMPTY_FILTER,
    selectedCategories: filter.categories,
    selectedKeywords: filter.keywords,
    priceRange: { from: filter.minPrice, to: filter.maxPrice },
    ...(filter.hasWorkingEndpoint ? { hasWorkingEndpoint: true as const } : {}),
  };
  state = withList(state, 'selectedFormats', filter.formats);
  state = withList(state, 'selectedLicences', filter.licences);
  state = withList(state, 'selectedPublishers', filter.publishers);
  state = withList(state, 'selectedPaymentModels', filter.paymentModels);
  state = withModifiedRange(state, { from: filter.modifiedFrom, to: filter.modifiedTo });
  const terms = search.query.split('|').filter(Boolean);
  return resultsPath({ terms, filter: state, sort: search.sort });
}
