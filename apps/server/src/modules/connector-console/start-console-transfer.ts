import type { TConsoleTransfer, ZConsoleTransferRequest } from '@dsm/contracts';
import type { z } from 'zod';
import type { TDb } from '../../db/database';
import { callCounterParty } from './counter-party';
import { presentConsoleTransfer } from './present-console-dataspace';

/** Starts a transfer under an agreement this connector holds as consumer. */
export async function startConsoleTransfer(
  db: TDb,
  connectorId: string,
  request: z.output<typeof ZConsoleTransferRequest>,
): Promise<TConsoleTransfer> {
  const { counterPartyAddress } = request;
  return callCounterParty(db, connectorId, counterPartyAddress, async (client, talk) => {
    const agreement = await client.contractAgreements.get(request.agreementId);
    const { id } = await talk('a transfer', () =>
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
