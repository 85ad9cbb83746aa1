import type { AssetInput, ConnectorClient, PolicyInput } from '@dsm/connector-client';

/** What `offerAsset` puts on a connector. */
export interface AssetOffer {
  /** The asset, offered under its id. */
  asset: AssetInput & { id: string };
  /** The policy definition that is both the access and the contract policy. */
  policyId: string;
  /** Its ODRL policy: use without conditions when left out. */
  policy?: PolicyInput;
  /** The contract definition offering the asset. */
  definitionId: string;
}

/** Offers an asset: creates it, its policy definition and a contract definition selecting the asset by its id. */
export async function offerAsset(client: ConnectorClient, offer: AssetOffer): Promise<void> {
  await client.assets.create(offer.asset);
  await client.policyDefinitions.create({
    id: offer.policyId,
    policy: offer.policy ?? { permissions: [{ action: 'use', constraints: [] }] },
  });
  await client.contractDefinitions.create({
    id: offer.definitionId,
    accessPolicyId: offer.policyId,
    contractPolicyId: offer.policyId,
    assetsSelector: [{ operandLeft: 'https://w3id.org/edc/v0.0.1/ns/id', operator: '=', operandRight: offer.asset.id }],
  });
}
