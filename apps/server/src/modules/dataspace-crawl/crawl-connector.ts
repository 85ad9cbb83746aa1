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
  type TCrawlSource,
  touchCrawlRecords,
  writeCrawledDataset,
} from './crawl-repository';
import { isPublishedByMarketplace, mapCatalogDataset, UnusableDatasetError } from './map-catalog-dataset';
import { emptyCrawlCounts, presentCrawlRun } from './present-crawl-run';
import { readFederatedCatalog, type TFederatedDataset } from './read-federated-catalog';
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

/** The datasets a crawl read, each with the participant offering it and the DSP address to negotiate at. */
type TReadCatalog = { datasets: TFederatedDataset[] };

async function assertAllowed(name: string, address: string): Promise<void> {
  const problem = await connectorAddressProblem(address);
  if (problem) throw new RunFailure(`The ${name} address ${address} of the connector is refused: ${problem}`);
}

async function readCatalog(connector: TConnectorRow): Promise<TReadCatalog> {
  const url = connector.url.replace(/\/+$/, '');
  const protocol = connector.protocolUrl ?? `${url}/protocol`;
  if (connector.federatedCatalogUrl) {
    await assertAllowed('federated catalog', connector.federatedCatalogUrl);
    try {
      const datasets = await readFederatedCatalog(connectorClientFor(connector), {
        participantId: connector.id,
        protocolUrl: protocol,
      });
      return { datasets };
    } catch (error) {
      throw new RunFailure(
        `The federated catalog at ${connector.federatedCatalogUrl} failed: ${failureReason(error, connector)}`,
      );
    }
  }
  const addresses = { management: connector.managementUrl ?? `${url}/management`, protocol };
  for (const [name, address] of Object.entries(addresses)) await assertAllowed(name, address);
  let catalog: TParticipantCatalog;
  try {
    catalog = await readParticipantCatalog(connectorClientFor(connector), {
      address: addresses.protocol,
      participantId: connector.id,
    });
  } catch (error) {
    throw new RunFailure(failureReason(error, connector));
  }
  return {
    datasets: catalog.datasets.map((dataset) => ({
      dataset,
      participantId: catalog.participantId,
      protocolUrl: addresses.protocol,
    })),
  };
}

/**
 * The DSP addresses among `addresses` the outbound address policy refuses, with the reason: a federated catalog
 * names other participants' addresses, which buyers' connectors would negotiate at.
 */
async function refusedAddresses(addresses: Iterable<string>): Promise<Map<string, string>> {
  const refused = new Map<string, string>();
  for (const address of new Set(addresses)) {
    const problem = await connectorAddressProblem(address);
    if (problem) refused.set(address, problem);
  }
  return refused;
}

/** Writes the catalog's datasets that are new or changed; answers the counts and the datasets that failed. */
async function writeCatalog(options: {
  db: TDb;
  connector: TConnectorRow;
  runId: string;
  catalog: TReadCatalog;
}): Promise<{ counts: TCrawlCounts; failures: TCrawlFailure[] }> {
  const { db, connector, runId, catalog } = options;
  const counts = emptyCrawlCounts();
  const failures: TCrawlFailure[] = [];
  const records = await selectCrawlRecords(db, connector.id);
  const refused = await refusedAddresses(catalog.datasets.map((entry) => entry.protocolUrl));
  /** Datasets seen but not written, by their source: unchanged, or failed this time (their previous offer stays). */
  const seen = new Map<string, { source: TCrawlSource; datasetIds: string[] }>();
  const see = (source: TCrawlSource, datasetId: string) => {
    const key = JSON.stringify([source.participantId, source.protocolUrl]);
    const group = seen.get(key) ?? { source, datasetIds: [] };
    group.datasetIds.push(datasetId);
    seen.set(key, group);
  };
  const fail = (source: TCrawlSource, datasetId: string, reason: string) => {
    counts.failed++;
    if (failures.length < MAX_KEPT_FAILURES) failures.push({ datasetId, reason });
    if (records.has(datasetId)) see(source, datasetId);
  };
  for (const [index, entry] of catalog.datasets.entries()) {
    if (index % DATASETS_PER_TURN === DATASETS_PER_TURN - 1) await setImmediate();
    const { dataset } = entry;
    const source = { participantId: entry.participantId, protocolUrl: entry.protocolUrl };
    if (isPublishedByMarketplace(dataset)) continue;
    const refusal = refused.get(source.protocolUrl);
    if (refusal) {
      fail(source, dataset.id, `its participant's DSP address ${source.protocolUrl} is refused: ${refusal}`);
      continue;
    }
    let mapped: ReturnType<typeof mapCatalogDataset>;
    try {
      mapped = mapCatalogDataset({ connector, participantId: source.participantId, dataset });
    } catch (error) {
      if (!(error instanceof UnusableDatasetError)) throw error;
      fail(source, dataset.id, error.message);
      continue;
    }
    const previous = records.get(dataset.id);
    if (previous && !previous.isRemoved && previous.contentHash === mapped.contentHash) {
      see(source, dataset.id);
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
      fail(source, dataset.id, `refused by the database: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (previous === undefined) counts.added++;
    else counts.updated++;
  }
  for (const { source, datasetIds } of seen.values()) {
    await touchCrawlRecords(db, { connectorId: connector.id, runId, source, datasetIds });
  }
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
 * API (`catalog.request` with its protocol address as counter-party address), or, when the connector names its
 * participant's federated catalog, queries that for every catalog it holds (each dataset offered by its catalog's
 * participant at its catalog's DSP address), and makes each dataset with its
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
