import type { TDb } from '../../db/database';

/**
 * What else goes when a registered connector is removed, called before its row is deleted (the app passes the crawl's
 * removal of the offers it made of the connector's catalog: a feature the connectors module does not import).
 */
export type TConnectorRemovalHook = (db: TDb, connectorId: string) => Promise<unknown>;
