import type { TConsoleContractDefinition, TConsoleContractDefinitionCreateRequest } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { callConsole } from './open-console';
import { presentConsoleContractDefinition } from './present-console';

const EDC_ID = 'https://w3id.org/edc/v0.0.1/ns/id';

/**
 * Creates a contract definition offering the named assets (every asset when none is named) under an access and a
 * contract policy; 409 for a taken id. The connector's own message explains a policy or asset it does not know.
 */
export async function createConsoleContractDefinition(
  db: TDb,
  connectorId: string,
  request: TConsoleContractDefinitionCreateRequest,
): Promise<TConsoleContractDefinition> {
  const definition = {
    id: request.id,
    accessPolicyId: request.accessPolicyId,
    contractPolicyId: request.contractPolicyId,
    assetsSelector:
      request.assetIds.length === 0 ? [] : [{ operandLeft: EDC_ID, operator: 'in', operandRight: request.assetIds }],
  };
  return callConsole(db, connectorId, async (client) => {
    await client.contractDefinitions.create(definition);
    return presentConsoleContractDefinition(await client.contractDefinitions.get(request.id));
  });
}
