import { type TSavedSearch, ZSearchFilter, ZSearchSort } from '@dsm/contracts';
import type { TSavedSearchRow } from './saved-searches-repository';

/** The fields of a saved search that leave the server. */
export function presentSavedSearch(row: TSavedSearchRow): TSavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    filter: ZSearchFilter.parse(row.filter),
    sort: ZSearchSort.parse(row.sort),
    isAlertEnabled: row.is_alert_enabled,
    createdAt: row.created_at.toISOString(),
    lastCheckedAt: row.last_checked_at?.toISOString() ?? null,
    lastNotifiedAt: row.last_notified_at?.toISOString() ?? null,
  };
}
