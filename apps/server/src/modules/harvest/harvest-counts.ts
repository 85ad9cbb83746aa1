import type { THarvestCounts } from '@dsm/contracts';

/** The counts of a run that has handled no record yet; also fills counts stored before a count existed. */
export const emptyHarvestCounts = (): THarvestCounts => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  removed: 0,
  failed: 0,
  duplicates: 0,
  identifierCollisions: 0,
});
