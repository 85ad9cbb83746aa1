import { randomUUID } from 'node:crypto';
import type { SandboxContext } from './context';
import { compactList, type PolicyModel, presentPolicy } from './policy';
import { applyQuery, matches, type QuerySpecModel } from './query';
import type { AssetRecord, ContractDefinitionRecord } from './store';
import { MANAGEMENT_CONTEXT } from './vocabulary';

/** The transfer types (DCAT distribution formats) the sandbox offers for every dataset. */
export const TRANSFER_TYPES = ['HttpData-PULL', 'HttpData-PUSH'];

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const unb64 = (value: string) => Buffer.from(value, 'base64').toString('utf8');

/** An offer id as EDC builds it: base64(contract definition id):base64(asset id):base64(random). */
export function offerId(definitionId: string, assetId: string): string {
  return `${b64(definitionId)}:${b64(assetId)}:${b64(randomUUID())}`;
}

export function parseOfferId(id: string): { definitionId: string; assetId: string } | undefined {
  const parts = id.split(':');
  if (parts.length !== 3 || parts.some((part) => part === '')) return undefined;
  return { definitionId: unb64(parts[0]!), assetId: unb64(parts[1]!) };
}

/** The view of an asset the assets selector of a contract definition is evaluated on. */
export function assetView(asset: AssetRecord): Record<string, unknown> {
  return {
    ...asset.properties,
    id: asset.id,
    properties: asset.properties,
    privateProperties: asset.privateProperties,
  };
}

export function isSelected(asset: AssetRecord, definition: ContractDefinitionRecord): boolean {
  const view = assetView(asset);
  return definition.assetsSelector.every((criterion) => matches(view, criterion));
}

interface OfferedAsset {
  asset: AssetRecord;
  offers: { definition: ContractDefinitionRecord; policy: PolicyModel }[];
}

/**
 * Every asset some contract definition offers, with one offer per definition. Access policies are not evaluated:
 * every caller sees every offer.
 */
function offeredAssets(context: SandboxContext): OfferedAsset[] {
  const { store } = context;
  const byAsset = new Map<string, OfferedAsset>();
  for (const definition of store.contractDefinitions.values()) {
    const contractPolicy = store.policyDefinitions.get(definition.contractPolicyId);
    if (contractPolicy === undefined || !store.policyDefinitions.has(definition.accessPolicyId)) continue;
    for (const asset of store.assets.values()) {
      if (!isSelected(asset, definition)) continue;
      const entry = byAsset.get(asset.id) ?? { asset, offers: [] };
      entry.offers.push({ definition, policy: contractPolicy.policy });
      byAsset.set(asset.id, entry);
    }
  }
  return [...byAsset.values()];
}

function presentDataset(context: SandboxContext, entry: OfferedAsset): Record<string, unknown> {
  const { asset } = entry;
  return {
    ...asset.properties,
    '@id': asset.id,
    '@type': 'dcat:Dataset',
    id: asset.id,
    'odrl:hasPolicy': compactList(
      entry.offers.map(({ definition, policy }) =>
        presentPolicy({ ...policy, id: offerId(definition.id, asset.id), type: 'Offer', target: asset.id }),
      ),
    ),
    'dcat:distribution': compactList(
      TRANSFER_TYPES.map((format) => ({
        '@type': 'dcat:Distribution',
        'dct:format': { '@id': format },
        'dcat:accessService': { '@id': context.dataServiceId },
      })),
    ),
  };
}

/** The provider's DCAT catalog, with the datasets the query selects. */
export function buildCatalog(context: SandboxContext, query: QuerySpecModel): Record<string, unknown> {
  const entries = applyQuery(offeredAssets(context), query, (entry) => assetView(entry.asset));
  return {
    '@context': MANAGEMENT_CONTEXT,
    '@id': context.catalogId,
    '@type': 'dcat:Catalog',
    'dcat:dataset': compactList(entries.map((entry) => presentDataset(context, entry))),
    'dcat:distribution': [],
    'dcat:service': {
      '@id': context.dataServiceId,
      '@type': 'dcat:DataService',
      'dcat:endpointDescription': 'dspace:connector',
      'dcat:endpointURL': context.addresses.protocol,
    },
    'dspace:participantId': context.participantId,
  };
}

/** One dataset of the catalog, or undefined when no contract definition offers the asset. */
export function buildDataset(context: SandboxContext, assetId: string): Record<string, unknown> | undefined {
  const entry = offeredAssets(context).find((candidate) => candidate.asset.id === assetId);
  return entry === undefined ? undefined : { '@context': MANAGEMENT_CONTEXT, ...presentDataset(context, entry) };
}
