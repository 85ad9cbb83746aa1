import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { ErrorCode, type TCrawlCounts, type TCrawlFailure, type TCrawlRun } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { connectorAddressProblem } from '../connectors/connector-address-policy';
import { connectorClientFor } from '../connectors/connector-client-for';
import { connectorFailure } from '../connectors/connector-failure';
import { selectConnector, type TConnectorRow } from '../connectors/connector-repository';
import {
  findRunningCrawl,
  finishCrawlRun,
  insertCrawlRun,
  removeUnseenDatasets,
  selectCrawlRecords,
  type TCrawlResult,
  touchCrawlRecords,
  writeCrawledDataset,
} from './crawl-repository';
import { isPublishedByMarketplace, mapCatalogDataset, UnusableDatasetError } from './map-catalog-dataset';
import { emptyCrawlCounts, presentCrawlRun } from './present-crawl-run';
import { CatalogTooLargeError, readParticipantCatalog, type TParticipantCatalog } from './read-participant-catalog';

/** Datasets mapped between two turns of the event loop, which every request shares (50 took 94 ms on a busy machine). */
const DATASETS_PER_TURN = 10;
/** Failures kept with a run for the operator. */
const MAX_KEPT_FAILURES = 100;

/** Thrown inside a run when the whole run fails: its message is the reason stored with the run. */
class RunFailure extends Error {}

/** Why reading the catalog failed, in the words of the connector console's errors. */
function failureReason(error: unknown, connector: TConnectorRow): string {
  if (error instanceof CatalogTooLargeError) return error.message;
  try {
    connectorFailure(error, connector);
  } catch (mapped) {
    if (mapped instanceof AppError) return mapped.message;
    throw mapped;
  }
}

/** The catalog of a participant with the DSP address it was read at. */
type TReadCatalog = TParticipantCatalog & { protocolUrl: string };

async function readCatalog(connector: TConnectorRow): Promise<TReadCatalog> {
  const url = connector.url.replace(/\/+$/, '');
  const addresses = {
    management: connector.managementUrl ?? `${url}/management`,
    protocol: connector.protocolUrl ?? `${url}/protocol`,
  };
  for (const [name, address] of Object.entries(addresses)) {
    const problem = await connectorAddressProblem(address);
    if (problem) throw new RunFailure(`The ${name} address ${address} of the connector is refused: ${problem}`);
  }
  try {
    const catalog = await readParticipantCatalog(connectorClientFor(connector), {
      address: addresses.protocol,
      participantId: connector.id,
    });
    return { ...catalog, protocolUrl: addresses.protocol };
  } catch (error) {
    throw new RunFailure(failureReason(error, connector));
  }
}

/** Writes the catalog's datasets that are new or changed; answers the counts and the datasets that failed. */
async function writeCatalog(options: {
  db: TDb;
  connector: TConnectorRow;
  runId: string;
  catalog: TReadCatalog;
}): Promise<{ counts: TCrawlCounts; failures: TCrawlFailure[] }> {
  const { db, connector, runId, catalog } = options;
  const source = { participantId: catalog.participantId, protocolUrl: catalog.protocolUrl };
  const counts = emptyCrawlCounts();
  const failures: TCrawlFailure[] = [];
  const records = await selectCrawlRecords(db, connector.id);
  /** Datasets seen but not written: unchanged, or failed this time (their previous offer stays). */
  const seen: string[] = [];
  const fail = (datasetId: string, reason: string) => {
    counts.failed++;
    if (failures.length < MAX_KEPT_FAILURES) failures.push({ datasetId, reason });
    if (records.has(datasetId)) seen.push(datasetId);
  };
  for (const [index, dataset] of catalog.datasets.entries()) {
    if (index % DATASETS_PER_TURN === DATASETS_PER_TURN - 1) await setImmediate();
    if (isPublishedByMarketplace(dataset)) continue;
    let mapped: ReturnType<typeof mapCatalogDataset>;
    try {
      mapped = mapCatalogDataset({ connector, participantId: catalog.participantId, dataset });
    } catch (error) {
      if (!(error instanceof UnusableDatasetError)) throw error;
      fail(dataset.id, error.message);
      continue;
    }
    const previous = records.get(dataset.id);
    if (previous && !previous.isRemoved && previous.contentHash === mapped.contentHash) {
      seen.push(dataset.id);
      continue;
    }
    try {
      await writeCrawledDataset(db, {
        connectorId: connector.id,
        runId,
        datasetId: dataset.id,
        record: mapped.record,
        contentHash: mapped.contentHash,
        isNew: previous === undefined,
        source,
        policyOfferId: dataset.offers[0]!.id,
      });
    } catch (error) {
      fail(dataset.id, `refused by the database: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (previous === undefined) counts.added++;
    else counts.updated++;
  }
  await touchCrawlRecords(db, { connectorId: connector.id, runId, source, datasetIds: seen });
  counts.removed = await removeUnseenDatasets(db, connector.id, runId);
  return { counts, failures };
}

export type TCrawlConnectorOptions = {
  /** The database the run writes with (the background jobs' one when there is one). */
  db: TDb;
  connectorId: string;
};

/**
 * Crawls one registered connector: requests the participant's DSP catalog through the connector's own management
 * API (`catalog.request` with its protocol address as counter-party address) and makes each dataset with its
 * offers an offer of the catalogue (access type Connector, published by the connector, its policies in words), a
 * new one for a new dataset, a rewritten one for a changed dataset, and removes (soft-deletes) the offers of
 * datasets that left the catalog. A second crawl of an unchanged catalog writes nothing. A connector that cannot be
 * reached, answers garbage or too slowly, or sits on a refused address fails the run with the reason and removes
 * nothing; a dataset that cannot be an offer, or that the database refuses, fails alone. Answers the finished run;
 * 404 for an unknown connector, 409 while a crawl of it runs.
 */
export async function crawlConnector({ db, connectorId }: TCrawlConnectorOptions): Promise<TCrawlRun> {
  const connector = await selectConnector(db, connectorId);
  if (!connector) throw new AppError(ErrorCode.NOT_FOUND, `No connector has the id '${connectorId}'`);
  const runId = randomUUID();
  if (!(await insertCrawlRun(db, connector.id, runId))) {
    const since = await findRunningCrawl(db, connector.id);
    throw new AppError(
      ErrorCode.CONFLICT,
      `A crawl of the connector '${connector.name}' is running${since ? ` since ${since.toISOString()}` : ''}`,
    );
  }
  let result: TCrawlResult;
  try {
    const catalog = await readCatalog(connector);
    const { counts, failures } = await writeCatalog({ db, connector, runId, catalog });
    result = { status: 'succeeded', counts, failures, error: null };
  } catch (error) {
    const reason =
      error instanceof RunFailure
        ? error.message
        : `The crawl failed: ${error instanceof Error ? error.message : String(error)}`;
    result = { status: 'failed', counts: emptyCrawlCounts(), failures: [], error: reason };
  }
  const row = await finishCrawlRun(db, runId, result);
  // Removing a connector removes its runs: one removed during its crawl has no run left to answer.
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, `The connector '${connector.name}' was removed during its crawl`);
  return presentCrawlRun(row);
}
