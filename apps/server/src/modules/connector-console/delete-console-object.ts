import type { TDb } from '../../db/database';
import { callConsole } from './open-console';

/** The objects the console deletes by id. */
export type TConsoleObjectKind = 'assets' | 'contractDefinitions' | 'policyDefinitions' | 'secrets';

/**
 * Deletes an asset, a policy definition, a contract definition or a secret. EDC refuses (409) to delete an asset a contract
 * agreement names or a policy a contract definition uses; that message reaches the operator as it is.
 */
export async function deleteConsoleObject(
  db: TDb,
  connectorId: string,
  kind: TConsoleObjectKind,
  objectId: string,
): Promise<void> {
  return callConsole(db, connectorId, async (client) => {
    await client[kind].delete(objectId);
  });
}
