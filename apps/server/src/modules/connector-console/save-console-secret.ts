import type { TConsoleSecret } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { callConsole } from './open-console';

/** Stores a new secret (409 for a taken id) or replaces an existing one's value (404 for an unknown id). */
export async function saveConsoleSecret(
  db: TDb,
  connectorId: string,
  secret: { id: string; value: string; isNew: boolean },
): Promise<TConsoleSecret> {
  return callConsole(db, connectorId, async (client) => {
    if (secret.isNew) await client.secrets.create({ id: secret.id, value: secret.value });
    else await client.secrets.update({ id: secret.id, value: secret.value });
    // The value never leaves the server again.
    return { id: secret.id };
  });
}
