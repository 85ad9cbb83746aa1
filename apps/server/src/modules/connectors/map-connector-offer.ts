import type { Asset, ContractDefinition, PolicyConstraint, PolicyDefinition, PolicyRule } from '@dsm/connector-client';
import type { TConnectorAsset, TConnectorOffer, TConnectorPolicy, TConnectorPolicyRule } from '@dsm/contracts';

/** One contract definition with what it refers to, as read from the connector. */
export type TConnectorOfferSource = {
  definition: ContractDefinition;
  /** The assets its assets selector chooses. */
  assets: Asset[];
  /** Its access policy definition; null when the connector holds none with that id. */
  accessPolicy: PolicyDefinition | null;
  /** Its contract policy definition; null when the connector holds none with that id. */
  contractPolicy: PolicyDefinition | null;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The asset's `name` property, or its id. */
export function assetName(asset: Asset): string {
  return text(asset.properties.name) ?? asset.id;
}

/** What the test page shows of an asset: its name, media type, connection type and base URL. */
export function presentConnectorAsset(asset: Asset): TConnectorAsset {
  return {
    id: asset.id,
    name: assetName(asset),
    type: text(asset.properties.contenttype),
    connectionType: asset.dataAddress.type,
    baseUrl: text(asset.dataAddress.baseUrl),
    isAccessRestricted: false,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PUBLISHED_ASSET_ID = /^dsm-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-\d+$/i;

/**
 * The catalogue offer an asset stands for, when the marketplace published it: the `marketplaceOfferId`
 * property publishing sets, or the offer id in the asset id it chose (`dsm-{offerId}-{position}`).
 */
export function marketplaceOfferIdOf(asset: Asset): string | null {
  const property = asset.properties.marketplaceOfferId;
  if (typeof property === 'string' && UUID.test(property)) return property.toLowerCase();
  return PUBLISHED_ASSET_ID.exec(asset.id)?.[1]?.toLowerCase() ?? null;
}

/** The last part of an IRI (`https://w3id.org/edc/v0.0.1/ns/purpose` -> `purpose`), which is what people read. */
function shortName(iri: string): string {
  return iri.split(/[/#:]/).filter(Boolean).at(-1) ?? iri;
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(describeValue).join(', ')}]`;
  return JSON.stringify(value) ?? String(value);
}

function describeConstraint(constraint: PolicyConstraint): string {
  if ('constraints' in constraint) {
    const parts = constraint.constraints.map(describeConstraint);
    return parts.length === 1 ? parts[0]! : `(${parts.join(` ${constraint.operator} `)})`;
  }
  return `${shortName(constraint.leftOperand)} ${constraint.operator} ${describeValue(constraint.rightOperand)}`;
}

function describeRule(verb: string, rule: PolicyRule): string {
  const action = shortName(rule.action);
  if (rule.constraints.length === 0) return `${verb} ${action}`;
  return `${verb} ${action} when ${rule.constraints.map(describeConstraint).join(' and ')}`;
}

/**
 * A policy in words, for people choosing an offer: 'Permits use when purpose eq research; prohibits distribute.'
 * EDC policy definitions carry no description, so this is the description the test page shows.
 */
export function describePolicy(policy: PolicyDefinition['policy']): string {
  const parts = [
    ...policy.permissions.map((rule) => describeRule('permits', rule)),
    ...policy.prohibitions.map((rule) => describeRule('prohibits', rule)),
    ...policy.obligations.map((rule) => describeRule('requires', rule)),
  ];
  if (parts.length === 0) return 'States no rules.';
  const sentence = parts.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

function presentRule(rule: PolicyRule): TConnectorPolicyRule {
  return {
    action: rule.action,
    ...(rule.target === undefined ? {} : { target: rule.target }),
    constraints: rule.constraints,
  };
}

/** A policy of an offer; a definition the connector lacks is shown as such rather than left out. */
export function presentConnectorPolicy(definitionId: string, definition: PolicyDefinition | null): TConnectorPolicy {
  if (definition === null) {
    return {
      definitionId,
      id: definitionId,
      name: definitionId,
      description: 'The connector holds no policy definition with this id.',
      createdAt: null,
      permissions: [],
      prohibitions: [],
      obligations: [],
    };
  }
  return {
    definitionId,
    id: definition.policy.id ?? definition.id,
    name: definition.id,
    description: describePolicy(definition.policy),
    createdAt: definition.createdAt ?? null,
    permissions: definition.policy.permissions.map(presentRule),
    prohibitions: definition.policy.prohibitions.map(presentRule),
    obligations: definition.policy.obligations.map(presentRule),
  };
}

/** The offer's name: the names of its assets, or the contract definition id when it selects none. */
export function connectorOfferName(source: TConnectorOfferSource): string {
  return source.assets.length === 0 ? source.definition.id : source.assets.map(assetName).join(', ');
}

/**
 * The offer the test page lists for a contract definition, as the specification maps it: the definition's id, a name,
 * access type 'DATA', content type 'DIRECT', the assets its selector chooses, and its access and contract policies.
 */
export function presentConnectorOffer(source: TConnectorOfferSource): TConnectorOffer {
  return {
    id: source.definition.id,
    name: connectorOfferName(source),
    accessType: 'DATA',
    contentType: 'DIRECT',
    assets: source.assets.map(presentConnectorAsset),
    accessPolicies: [presentConnectorPolicy(source.definition.accessPolicyId, source.accessPolicy)],
    contractPolicies: [presentConnectorPolicy(source.definition.contractPolicyId, source.contractPolicy)],
  };
}
