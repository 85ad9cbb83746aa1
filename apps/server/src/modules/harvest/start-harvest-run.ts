import { ErrorCode, type THarvestRunResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { THarvestPace } from './harvest-pace';
import { runHarvest, UnknownSourceError } from './run-harvest';

export type TStartHarvestRunOptions = {
  /** The background jobs' database (TDatabaseHandle.backgroundDb): the run's transactions take no request's connection. */
  db: TDb;
  sourceId: string;
  /** How fast the run writes (giving way to the server's users). */
  pace?: THarvestPace;
};

/** Runs a source now (by id) and answers the finished run; an unknown source is a 404. */
export async function startHarvestRun(options: TStartHarvestRunOptions): Promise<THarvestRunResponse> {
  const { db, sourceId } = options;
  try {
    const run = await runHarvest({ db, source: sourceId, ...(options.pace ? { pace: options.pace } : {}) });
    return { runId: run.runId, status: run.status, counts: run.counts, error: run.error };
  } catch (error) {
    if (error instanceof UnknownSourceError) throw new AppError(ErrorCode.NOT_FOUND, error.message);
    throw error;
  }
}
