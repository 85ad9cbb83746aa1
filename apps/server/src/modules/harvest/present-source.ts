import type { THarvestCounts, THarvestFormat, THarvestSource } from '@dsm/contracts';
import { emptyHarvestCounts } from './harvest-counts';
import type { TSourceRow } from './harvest-repository';

/** A source as operators see it. */
export function presentSource(row: TSourceRow): THarvestSource {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    format: row.format as THarvestFormat,
    schedule: row.schedule,
    lastRunAt: row.last_run_at ? row.last_run_at.toISOString() : null,
    lastStatus: row.last_status,
    // Runs from before a count existed stored none of it.
    lastCounts: row.last_counts ? { ...emptyHarvestCounts(), ...(row.last_counts as Partial<THarvestCounts>) } : null,
    lastError: row.last_error,
  };
}
