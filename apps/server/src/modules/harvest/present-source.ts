import type { THarvestCounts, THarvestFormat, THarvestSource } from '@dsm/contracts';
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
    lastCounts: (row.last_counts as THarvestCounts | null) ?? null,
    lastError: row.last_error,
  };
}
