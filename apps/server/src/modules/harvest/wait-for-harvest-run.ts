import { ErrorCode, type THarvestRunResponse } from '@dsm/contracts';
import type { PgBoss } from 'pg-boss';
import { AppError } from '../../lib/app-error';

/** What a worker answers for a run asked for: the finished run, or that the source was gone when it came to it. */
export type THarvestNowOutcome =
  | { kind: 'run'; run: THarvestRunResponse }
  | { kind: 'unknown-source'; message: string };

export type TWaitForHarvestRunOptions = {
  boss: PgBoss;
  queue: string;
  jobId: string;
  /** Time between two looks at the job; a second by default. */
  pollMs?: number;
};

/**
 * Waits for a queued run to end in whichever worker took it and answers what the worker answered. A job that
 * failed without an answer (its worker was stopped or killed with the run, and its heartbeat went stale) is a 503:
 * the run resumes with the next one.
 */
export async function waitForHarvestRun(options: TWaitForHarvestRunOptions): Promise<THarvestNowOutcome> {
  const pollMs = options.pollMs ?? 1_000;
  for (;;) {
    const job = await options.boss.getJobById<{ sourceId: string }>(options.queue, options.jobId);
    if (!job) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'The harvest run was dropped from the queue');
    if (job.state === 'completed') return job.output as THarvestNowOutcome;
    if (job.state === 'failed' || job.state === 'cancelled') {
      const reason = (job.output as { message?: unknown } | null)?.message;
      throw new AppError(
        ErrorCode.SERVICE_UNAVAILABLE,
        `The harvest run stopped before it finished (${typeof reason === 'string' ? reason : 'its worker stopped'}); the next run resumes it`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
