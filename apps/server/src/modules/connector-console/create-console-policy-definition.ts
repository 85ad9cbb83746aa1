import type { PolicyInput } from '@dsm/connector-client';
import type { TConsolePolicyDefinition, ZConsolePolicyDefinitionCreateRequest } from '@dsm/contracts';
import type { z } from 'zod';
import type { TDb } from '../../db/database';
import { callConsole } from './open-console';
import { parseOdrlPolicy } from './parse-odrl-policy';
import { presentConsolePolicyDefinition } from './present-console';

/**
 * Creates a policy definition from the form's ODRL rules or from raw ODRL JSON-LD (validated first, 400 naming
 * the wrong part); 409 for a taken id.
 */
export async function createConsolePolicyDefinition(
  db: TDb,
  connectorId: string,
  request: z.output<typeof ZConsolePolicyDefinitionCreateRequest>,
): Promise<TConsolePolicyDefinition> {
  const policy: PolicyInput =
    'jsonLd' in request
      ? parseOdrlPolicy(request.jsonLd)
      : {
          type: 'Set',
          permissions: request.permissions,
          prohibitions: request.prohibitions,
          obligations: request.obligations,
        };
  return callConsole(db, connectorId, async (client) => {
    await client.policyDefinitions.create({ id: request.id, policy });
    return presentConsolePolicyDefinition(await client.policyDefinitions.get(request.id));
  });
}
