import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { selectConnectors } from '../connectors/connector-repository';
import { crawlConnector } from './crawl-connector';

/** What a scheduled crawl of the data space did. */
export type TCrawlSweep = { succeeded: number; failed: number; skipped: number };

/**
 * Crawls every registered connector once, one after another; a connector whose crawl runs already (another server's,
 * or an operator's 'Crawl now') or that was removed meanwhile is skipped. A failed run is stored with its reason and
 * does not stop the others.
 */
export async function crawlEveryConnector(db: TDb, log: (message: string) => void = () => {}): Promise<TCrawlSweep> {
  const sweep: TCrawlSweep = { succeeded: 0, failed: 0, skipped: 0 };
  for (const connector of await selectConnectors(db)) {
    try {
      const run = await crawlConnector({ db, connectorId: connector.id });
      if (run.status === 'succeeded') sweep.succeeded++;
      else {
        sweep.failed++;
        log(`crawl of connector ${connector.id} failed: ${run.error}`);
      }
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== ErrorCode.CONFLICT && error.code !== ErrorCode.NOT_FOUND))
        throw error;
      sweep.skipped++;
    }
  }
  return sweep;
}
