import type { TDb } from '../../db/database';
import { callConsole } from './open-console';

/** What the console can do to a running negotiation or transfer. */
export type TConsoleProcessChange =
  | { kind: 'terminateNegotiation'; id: string; reason: string }
  | { kind: 'terminateTransfer'; id: string; reason: string }
  | { kind: 'deprovisionTransfer'; id: string };

/**
 * Terminates a negotiation or a transfer with a reason, or deprovisions a finished transfer. The connector's 409
 * (the process is in a state that does not allow it) reaches the operator with its message.
 */
export async function changeConsoleProcess(db: TDb, connectorId: string, change: TConsoleProcessChange): Promise<void> {
  return callConsole(db, connectorId, async (client) => {
    if (change.kind === 'terminateNegotiation') await client.contractNegotiations.terminate(change.id, change.reason);
    else if (change.kind === 'terminateTransfer') await client.transferProcesses.terminate(change.id, change.reason);
    else await client.transferProcesses.deprovision(change.id);
  });
}
