import type { TConsoleContractDefinition } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { consoleFailure, openConsole } from './open-console';
import { presentConsoleContractDefinition } from './present-console';

/** A connector's contract definitions, by id (at most 1000). */
export async function listConsoleContractDefinitions(
  db: TDb,
  connectorId: string,
): Promise<TConsoleContractDefinition[]> {
  const { connector, client } = await openConsole(db, connectorId);
  try {
    return (await client.contractDefinitions.query({ limit: 1000 })).map(presentConsoleContractDefinition);
  } catch (error) {
    return consoleFailure(error, connector);
  }
}
