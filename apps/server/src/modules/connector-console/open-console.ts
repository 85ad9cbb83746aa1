import { type ConnectorClient, isConnectorError } from '@dsm/connector-client';
import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { connectorClientFor } from '../connectors/connector-client-for';
import { connectorFailure } from '../connectors/connector-failure';
import { selectConnector, type TConnectorRow } from '../connectors/connector-repository';

/** A registered connector and a client for its Management API. */
export type TConsole = { connector: TConnectorRow; client: ConnectorClient };

/** The console of a registered connector; 404 for an unknown id. */
export async function openConsole(db: TDb, connectorId: string): Promise<TConsole> {
  const connector = await selectConnector(db, connectorId);
  if (!connector) throw new AppError(ErrorCode.NOT_FOUND, `There is no connector '${connectorId}'`);
  return { connector, client: connectorClientFor(connector) };
}

/**
 * Runs `call` on the console of a registered connector (404 for an unknown id); a failure of the connector
 * becomes the API's error (consoleFailure).
 */
export async function callConsole<T>(
  db: TDb,
  connectorId: string,
  call: (client: ConnectorClient, connector: TConnectorRow) => Promise<T>,
): Promise<T> {
  const { connector, client } = await openConsole(db, connectorId);
  try {
    return await call(client, connector);
  } catch (error) {
    return consoleFailure(error, connector);
  }
}

/**
 * Turns a failed console call into the API's error, keeping EDC's own message: a refused request (400), an
 * unknown object (404) and a conflict (409, a duplicate id or an object still in use) are the operator's to fix
 * and keep their status; anything else is the connector's failure (502/503).
 */
export function consoleFailure(error: unknown, connector: TConnectorRow): never {
  if (isConnectorError(error)) {
    const detail = error.details[0]?.message;
    const message = detail ? `${error.message} (${detail})` : error.message;
    if (error.code === 'BadRequest') throw new AppError(ErrorCode.VALIDATION_FAILED, message);
    if (error.code === 'Duplicate') throw new AppError(ErrorCode.CONFLICT, message);
    // A 404 of the management API itself means a wrong address, which connectorFailure explains.
    if (error.code === 'NotFound' && error.details.length > 0) throw new AppError(ErrorCode.NOT_FOUND, message);
  }
  return connectorFailure(error, connector);
}
