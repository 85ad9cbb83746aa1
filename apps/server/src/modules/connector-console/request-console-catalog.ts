import type { TConsoleCatalogRequest, TConsoleCatalogResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { callCounterParty } from './counter-party';
import { presentConsoleDataset } from './present-console-dataspace';

/** Another participant's catalog, asked for by this connector over DSP (up to 1000 datasets). */
export async function requestConsoleCatalog(
  db: TDb,
  connectorId: string,
  request: TConsoleCatalogRequest,
): Promise<TConsoleCatalogResponse> {
  return callCounterParty(db, connectorId, request.counterPartyAddress, async (client, talk) => {
    const catalog = await talk('a catalog request', () => client.catalog.request({ ...request, limit: 1000 }));
    const datasets = [catalog, ...catalog.catalogs].flatMap((part) => part.datasets);
    return { participantId: catalog.participantId ?? null, datasets: datasets.map(presentConsoleDataset) };
  });
}
