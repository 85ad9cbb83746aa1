import type { TConsolePolicyDefinition } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { callConsole } from './open-console';
import { presentConsolePolicyDefinition } from './present-console';

/** A connector's policy definitions, by id (at most 1000: enough to choose from in a form). */
export async function listConsolePolicyDefinitions(db: TDb, connectorId: string): Promise<TConsolePolicyDefinition[]> {
  return callConsole(db, connectorId, async (client) =>
    (await client.policyDefinitions.query({ limit: 1000 })).map(presentConsolePolicyDefinition),
  );
}
