import type { Catalog, ConnectorClient, Dataset } from '@dsm/connector-client';
import { CatalogTooLargeError, MAX_CRAWLED_DATASETS } from './read-participant-catalog';

/**
 * Catalogs asked for per query: EDC's Federated Catalog pages its answer by catalog (the QuerySpec's offset and
 * limit), and one catalog may hold many datasets, so a page stays small.
 */
const PAGE_SIZE = 10;

/** A dataset of a federated catalog with the participant that offers it and the DSP address to negotiate at. */
export type TFederatedDataset = { dataset: Dataset; participantId: string; protocolUrl: string };

/** The participant and DSP address of a catalog: its own, else those of the catalog that holds it. */
type TOrigin = { participantId: string; protocolUrl: string };

function originOf(catalog: Catalog, parent: TOrigin): TOrigin {
  const endpoint = catalog.services.find((service) => service.endpointUrl)?.endpointUrl;
  return {
    participantId: catalog.participantId ?? parent.participantId,
    protocolUrl: catalog.originator ?? endpoint ?? parent.protocolUrl,
  };
}

/**
 * Reads every dataset of every catalog a participant's federated catalog answers (EDC's Federated Catalog query API,
 * `POST {federatedCatalog}/v1alpha/catalog/query` with a QuerySpec, answering a JSON array of DCAT catalogs which may
 * nest catalogs), page by page. Each dataset keeps its catalog's participant id (`dspace:participantId`) and DSP
 * address (the catalog's originator, else its data service's endpoint), falling back to those of the enclosing
 * catalog and at last to `fallback`. A dataset id repeated across catalogs is kept once (the first). A federated
 * catalog that ignores paging answers everything on every page: a page with nothing new ends the reading. Failures
 * of the query are thrown as the client throws them.
 */
export async function readFederatedCatalog(client: ConnectorClient, fallback: TOrigin): Promise<TFederatedDataset[]> {
  const byId = new Map<string, TFederatedDataset>();
  const catalogIds = new Set<string>();
  const collect = (catalog: Catalog, parent: TOrigin) => {
    const origin = originOf(catalog, parent);
    for (const dataset of catalog.datasets) if (!byId.has(dataset.id)) byId.set(dataset.id, { dataset, ...origin });
    for (const nested of catalog.catalogs) collect(nested, origin);
  };
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const catalogs = await client.federatedCatalog.query({ offset, limit: PAGE_SIZE });
    const before = { datasets: byId.size, catalogs: catalogIds.size };
    for (const catalog of catalogs) {
      if (catalog.id) catalogIds.add(catalog.id);
      collect(catalog, fallback);
    }
    if (byId.size > MAX_CRAWLED_DATASETS) {
      throw new CatalogTooLargeError(`The federated catalog holds more than ${MAX_CRAWLED_DATASETS} datasets`);
    }
    // A short page ends the answer; a page of nothing new is a federated catalog answering the same page again.
    if (catalogs.length !== PAGE_SIZE) break;
    if (byId.size === before.datasets && catalogIds.size === before.catalogs) break;
  }
  return [...byId.values()];
}
