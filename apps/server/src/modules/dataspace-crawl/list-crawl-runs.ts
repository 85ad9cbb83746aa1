import { ErrorCode, type TCrawlRunListResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { selectConnector } from '../connectors/connector-repository';
import { selectCrawlRuns } from './crawl-repository';
import { presentCrawlRun } from './present-crawl-run';

/** Runs listed per connector on the operators' page. */
const LISTED_RUNS = 10;

/** The connector's last crawls, newest first; 404 for an unknown connector. */
export async function listCrawlRuns(db: TDb, connectorId: string): Promise<TCrawlRunListResponse> {
  if (!(await selectConnector(db, connectorId))) {
    throw new AppError(ErrorCode.NOT_FOUND, `No connector has the id '${connectorId}'`);
  }
  return (await selectCrawlRuns(db, connectorId, LISTED_RUNS)).map(presentCrawlRun);
}
