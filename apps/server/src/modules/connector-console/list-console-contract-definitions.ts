import type { TConsoleContractDefinition } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { callConsole } from './open-console';
import { presentConsoleContractDefinition } from './present-console';

/** A connector's contract definitions, by id (at most 1000). */
export async function listConsoleContractDefinitions(
  db: TDb,
  connectorId: string,
): Promise<TConsoleContractDefinition[]> {
  return callConsole(db, connectorId, async (client) =>
    (await client.contractDefinitions.query({ limit: 1000 })).map(presentConsoleContractDefinition),
  );
}
