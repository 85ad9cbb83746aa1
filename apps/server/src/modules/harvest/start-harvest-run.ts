import { ErrorCode, type THarvestRunResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { runHarvest, UnknownSourceError } from './run-harvest';

/** Runs a source now (by id) and answers the finished run; an unknown source is a 404. */
export async function startHarvestRun(db: TDb, sourceId: string): Promise<THarvestRunResponse> {
  try {
    const run = await runHarvest({ db, source: sourceId });
    return { runId: run.runId, status: run.status, counts: run.counts, error: run.error };
  } catch (error) {
    if (error instanceof UnknownSourceError) throw new AppError(ErrorCode.NOT_FOUND, error.message);
    throw error;
  }
}
