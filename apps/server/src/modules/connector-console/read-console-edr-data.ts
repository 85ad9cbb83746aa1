import { createConnectorClient, type PublicDataResponse } from '@dsm/connector-client';
import type { TDb } from '../../db/database';
import { connectorFetch } from '../connectors/connector-address-policy';
import { callConsole } from './open-console';

/** The data of a started pull transfer, read from the provider's public data plane with the transfer's EDR. */
export async function readConsoleEdrData(
  db: TDb,
  connectorId: string,
  transferProcessId: string,
): Promise<PublicDataResponse> {
  return callConsole(db, connectorId, async (client) => {
    const edr = await client.edrs.getDataAddress(transferProcessId);
    const reader = createConnectorClient({ addresses: { public: String(edr.endpoint) }, fetch: connectorFetch });
    return await reader.publicData.get({ headers: { Authorization: String(edr.authorization) } });
  });
}
