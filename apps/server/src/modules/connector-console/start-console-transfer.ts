import type { TConsoleTransfer, ZConsoleTransferRequest } from '@dsm/contracts';
import type { z } from 'zod';
import type { TDb } from '../../db/database';
import { assertCounterPartyAllowed, withCounterParty } from './counter-party';
import { callConsole } from './open-console';
import { presentConsoleTransfer } from './present-console-dataspace';

/** Starts a transfer under an agreement this connector holds as consumer. */
export async function startConsoleTransfer(
  db: TDb,
  connectorId: string,
  request: z.output<typeof ZConsoleTransferRequest>,
): Promise<TConsoleTransfer> {
  return callConsole(db, connectorId, async (client, connector) => {
    await assertCounterPartyAllowed(request.counterPartyAddress);
    const { counterPartyAddress } = request;
    const agreement = await client.contractAgreements.get(request.agreementId);
    const { id } = await withCounterParty({ connector, counterPartyAddress, what: 'a transfer' }, () =>
      client.transferProcesses.initiate({
        counterPartyAddress,
        ...(request.counterPartyId ? { counterPartyId: request.counterPartyId } : {}),
        contractId: agreement.id,
        assetId: agreement.assetId,
        transferType: request.transferType,
      }),
    );
    return presentConsoleTransfer(await client.transferProcesses.get(id));
  });
}
