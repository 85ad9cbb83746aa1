import type { ConnectorClient } from '@dsm/connector-client';
import type { TDb } from '../../db/database';
import { callConsole } from './open-console';
import {
  presentConsoleAgreement,
  presentConsoleEdr,
  presentConsoleNegotiation,
  presentConsoleTransfer,
} from './present-console-dataspace';

/** How many entries a console list shows: the latest work of a connector, not its whole history. */
const LIST_LIMIT = 500;

/** The processes a console lists. */
type TListedProcess = 'contractNegotiations' | 'contractAgreements' | 'transferProcesses' | 'edrs';
type TProcessEntry<K extends TListedProcess> = Awaited<ReturnType<ConnectorClient[K]['query']>>[number];

/** The use case listing one kind of a connector's processes, by id, each presented. */
function listProcesses<K extends TListedProcess, TPresented>(
  kind: K,
  present: (entry: TProcessEntry<K>) => TPresented,
): (db: TDb, connectorId: string) => Promise<TPresented[]> {
  return (db, connectorId) =>
    callConsole(db, connectorId, async (client) => (await client[kind].query({ limit: LIST_LIMIT })).map(present));
}

/** A connector's contract negotiations, by id. */
export const listConsoleNegotiations = listProcesses('contractNegotiations', presentConsoleNegotiation);

/** A connector's contract agreements, by id. */
export const listConsoleAgreements = listProcesses('contractAgreements', presentConsoleAgreement);

/** A connector's transfer processes, by id. */
export const listConsoleTransfers = listProcesses('transferProcesses', presentConsoleTransfer);

/** A connector's EDR entries (started pull transfers), by id. */
export const listConsoleEdrs = listProcesses('edrs', presentConsoleEdr);
