import type { TConsoleCatalogRequest, TConsoleCatalogResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { assertCounterPartyAllowed, withCounterParty } from './counter-party';
import { callConsole } from './open-console';
import { presentConsoleDataset } from './present-console-dataspace';

/** Another participant's catalog, asked for by this connector over DSP (up to 1000 datasets). */
export async function requestConsoleCatalog(
  db: TDb,
  connectorId: string,
  request: TConsoleCatalogRequest,
): Promise<TConsoleCatalogResponse> {
  return callConsole(db, connectorId, async (client, connector) => {
    await assertCounterPartyAllowed(request.counterPartyAddress);
    const call = { connector, counterPartyAddress: request.counterPartyAddress, what: 'a catalog request' };
    const catalog = await withCounterParty(call, () => client.catalog.request({ ...request, limit: 1000 }));
    const datasets = [catalog, ...catalog.catalogs].flatMap((part) => part.datasets);
    return { participantId: catalog.participantId ?? null, datasets: datasets.map(presentConsoleDataset) };
  });
}
