import type { TCrawlCounts, TCrawlFailure, TCrawlRun } from '@dsm/contracts';
import type { TCrawlRunRow } from './crawl-repository';

/** Counts of a run that has counted nothing yet. */
export const emptyCrawlCounts = (): TCrawlCounts => ({ added: 0, updated: 0, removed: 0, failed: 0 });

/** A run as operators see it. */
export function presentCrawlRun(row: TCrawlRunRow): TCrawlRun {
  return {
    id: row.id,
    connectorId: row.connector_id,
    status: row.status,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
    counts: { ...emptyCrawlCounts(), ...(row.counts as Partial<TCrawlCounts>) },
    failures: Array.isArray(row.failures) ? (row.failures as TCrawlFailure[]) : [],
    error: row.error,
  };
}
