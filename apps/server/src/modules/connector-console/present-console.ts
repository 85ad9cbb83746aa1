import type { Asset, ContractDefinition, PolicyDefinition } from '@dsm/connector-client';
import type { TConsoleAsset, TConsoleContractDefinition, TConsolePolicyDefinition } from '@dsm/contracts';

const EDC = 'https://w3id.org/edc/v0.0.1/ns/';

/** A property by its plain name or its EDC IRI, as text. */
function textOf(properties: Record<string, unknown>, name: string): string | null {
  const value = properties[name] ?? properties[`${EDC}${name}`];
  return typeof value === 'string' ? value : null;
}

/** An asset as the console shows it. */
export function presentConsoleAsset(asset: Asset): TConsoleAsset {
  return {
    id: asset.id,
    name: textOf(asset.properties, 'name'),
    description: textOf(asset.properties, 'description'),
    contentType: textOf(asset.properties, 'contenttype'),
    dataAddressType: asset.dataAddress.type,
    baseUrl: textOf(asset.dataAddress, 'baseUrl'),
    createdAt: asset.createdAt ?? null,
  };
}

/** A policy definition as the console lists it. */
export function presentConsolePolicyDefinition(definition: PolicyDefinition): TConsolePolicyDefinition {
  return {
    id: definition.id,
    permittedActions: [...new Set(definition.policy.permissions.map((permission) => String(permission.action)))],
    constraintCount: definition.policy.permissions.reduce(
      (count, permission) => count + (permission.constraints?.length ?? 0),
      0,
    ),
  };
}

/** The asset ids an assets selector names (`id = x` or `id in [...]`), or null when it selects otherwise. */
function assetIdsOf(definition: ContractDefinition): string[] | null {
  const selector = definition.assetsSelector ?? [];
  if (selector.length !== 1) return null;
  const [criterion] = selector;
  if (!criterion || (criterion.operandLeft !== `${EDC}id` && criterion.operandLeft !== 'id')) return null;
  if (criterion.operator === '=' && typeof criterion.operandRight === 'string') return [criterion.operandRight];
  if (criterion.operator === 'in' && Array.isArray(criterion.operandRight)) return criterion.operandRight.map(String);
  return null;
}

/** A contract definition as the console lists it. */
export function presentConsoleContractDefinition(definition: ContractDefinition): TConsoleContractDefinition {
  return {
    id: definition.id,
    accessPolicyId: definition.accessPolicyId,
    contractPolicyId: definition.contractPolicyId,
    assetIds: assetIdsOf(definition),
  };
}
