import type { TConsoleAgreement, TConsoleEdr, TConsoleNegotiation, TConsoleTransfer } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { consoleFailure, openConsole } from './open-console';
import {
  presentConsoleAgreement,
  presentConsoleEdr,
  presentConsoleNegotiation,
  presentConsoleTransfer,
} from './present-console-dataspace';

/** How many entries a console list shows: the latest work of a connector, not its whole history. */
const LIST_LIMIT = 500;

/** A connector's contract negotiations, by id. */
export async function listConsoleNegotiations(db: TDb, connectorId: string): Promise<TConsoleNegotiation[]> {
  const { connector, client } = await openConsole(db, connectorId);
  try {
    return (await client.contractNegotiations.query({ limit: LIST_LIMIT })).map(presentConsoleNegotiation);
  } catch (error) {
    return consoleFailure(error, connector);
  }
}

/** A connector's contract agreements, by id. */
export async function listConsoleAgreements(db: TDb, connectorId: string): Promise<TConsoleAgreement[]> {
  const { connector, client } = await openConsole(db, connectorId);
  try {
    return (await client.contractAgreements.query({ limit: LIST_LIMIT })).map(presentConsoleAgreement);
  } catch (error) {
    return consoleFailure(error, connector);
  }
}

/** A connector's transfer processes, by id. */
export async function listConsoleTransfers(db: TDb, connectorId: string): Promise<TConsoleTransfer[]> {
  const { connector, client } = await openConsole(db, connectorId);
  try {
    return (await client.transferProcesses.query({ limit: LIST_LIMIT })).map(presentConsoleTransfer);
  } catch (error) {
    return consoleFailure(error, connector);
  }
}

/** A connector's EDR entries (started pull transfers), by id. */
export async function listConsoleEdrs(db: TDb, connectorId: string): Promise<TConsoleEdr[]> {
  const { connector, client } = await openConsole(db, connectorId);
  try {
    return (await client.edrs.query({ limit: LIST_LIMIT })).map(presentConsoleEdr);
  } catch (error) {
    return consoleFailure(error, connector);
  }
}
