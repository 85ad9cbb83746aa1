import type { TConnector, TConnectorListResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectConnectors, type TConnectorRow } from './connector-repository';

/** The connectors the marketplace knows, by name, as the portal lists them (`dtos`). */
export async function listConnectors(db: TDb): Promise<TConnectorListResponse> {
  return { dtos: (await selectConnectors(db)).map(presentConnector) };
}

/** What leaves the server about a connector: its name and URL, never its API key. */
export function presentConnector(row: TConnectorRow): TConnector {
  return { name: row.name, url: row.url };
}
