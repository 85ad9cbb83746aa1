import { ErrorCode, type THarvestRunResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { THarvestPace } from './harvest-pace';
import { findSource } from './harvest-repository';
import { runHarvest, UnknownSourceError } from './run-harvest';
import type { THarvestNowOutcome } from './wait-for-harvest-run';

export type TStartHarvestRunOptions = {
  /** The background jobs' database (TDatabaseHandle.backgroundDb): the run's transactions take no request's connection. */
  db: TDb;
  sourceId: string;
  /** How fast the run writes (giving way to the server's users). */
  pace?: THarvestPace;
  /**
   * Hands the run to a worker and answers it once finished (the harvest scheduler's `runNow`); without it the run
   * takes place here (apps built without job queues: tests and tools).
   */
  runOnWorker?: (sourceId: string) => Promise<THarvestNowOutcome>;
};

/** Runs a source now (by id) and answers the finished run; an unknown source is a 404. */
export async function startHarvestRun(options: TStartHarvestRunOptions): Promise<THarvestRunResponse> {
  const { db, sourceId } = options;
  if (options.runOnWorker) {
    // Refused at once rather than after the queue's round trip.
    if (!(await findSource(db, sourceId))) throw new AppError(ErrorCode.NOT_FOUND, `No harvest source ${sourceId}`);
    const outcome = await options.runOnWorker(sourceId);
    if (outcome.kind === 'unknown-source') throw new AppError(ErrorCode.NOT_FOUND, outcome.message);
    return outcome.run;
  }
  try {
    const run = await runHarvest({ db, source: sourceId, ...(options.pace ? { pace: options.pace } : {}) });
    return { runId: run.runId, status: run.status, counts: run.counts, error: run.error };
  } catch (error) {
    if (error instanceof UnknownSourceError) throw new AppError(ErrorCode.NOT_FOUND, error.message);
    throw error;
  }
}
