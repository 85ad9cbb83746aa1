import {
  type ConnectorClient,
  type ContractDefinition,
  isConnectorError,
  type PolicyDefinition,
} from '@dsm/connector-client';
import type { TConnectorOfferSource } from './map-connector-offer';

/**
 * At most this many contract definitions, policy definitions and assets per definition are read: a test page lists
 * a demo's worth, and a connector with more needs paging the page does not offer.
 */
export const CONNECTOR_READ_LIMIT = 500;

async function sourceOf(
  client: ConnectorClient,
  definition: ContractDefinition,
  policyOf: (id: string) => Promise<PolicyDefinition | null>,
): Promise<TConnectorOfferSource> {
  const [assets, accessPolicy, contractPolicy] = await Promise.all([
    // The connector evaluates the selector itself, exactly as it does when it builds its catalog.
    client.assets.query({ filter: definition.assetsSelector, limit: CONNECTOR_READ_LIMIT }),
    policyOf(definition.accessPolicyId),
    policyOf(definition.contractPolicyId),
  ]);
  return { definition, assets, accessPolicy, contractPolicy };
}

/**
 * Reads every contract definition of a connector with its assets and policies: the definitions and the policy
 * definitions in one query each, then the assets of each definition. Connector failures are thrown as they come.
 */
export async function readConnectorOffers(client: ConnectorClient): Promise<TConnectorOfferSource[]> {
  const [definitions, policies] = await Promise.all([
    client.contractDefinitions.query({ limit: CONNECTOR_READ_LIMIT }),
    client.policyDefinitions.query({ limit: CONNECTOR_READ_LIMIT }),
  ]);
  const byId = new Map(policies.map((policy) => [policy.id, policy]));
  const policyOf = async (id: string) => byId.get(id) ?? null;
  return Promise.all(definitions.map((definition) => sourceOf(client, definition, policyOf)));
}

/** Reads one contract definition with its assets and policies; null when the connector has no such definition. */
export async function readConnectorOffer(
  client: ConnectorClient,
  offerId: string,
): Promise<TConnectorOfferSource | null> {
  let definition: ContractDefinition;
  try {
    definition = await client.contractDefinitions.get(offerId);
  } catch (error) {
    if (isConnectorError(error) && error.code === 'NotFound') return null;
    throw error;
  }
  const policyOf = async (id: string) => {
    try {
      return await client.policyDefinitions.get(id);
    } catch (error) {
      if (isConnectorError(error) && error.code === 'NotFound') return null;
      throw error;
    }
  };
  return sourceOf(client, definition, policyOf);
}
