import type { ManagementApiVersionName } from '../constants';
import { EDC_CONTEXT, MANAGEMENT_CONTEXT_V2, ODRL_CONTEXT_URL } from '../constants';
import { InvalidInputError } from '../errors';
import type {
  AssetInput,
  CallbackAddress,
  CatalogRequestInput,
  ContractDefinitionInput,
  Criterion,
  DataAddress,
  DatasetRequestInput,
  InitiateNegotiationInput,
  InitiateTransferInput,
  PolicyConstraint,
  PolicyInput,
  PolicyRule,
  QueryOptions,
} from '../types';

/**
 * Writers turn the client's typed inputs into the JSON-LD bodies the management API reads, one codec per version.
 *
 * v3 bodies carry the EDC context object (`@vocab` EDC, `odrl` prefix); their policies carry the remote ODRL context
 * so plain ODRL terms (`permission`, `action`, `assigner`) mean what ODRL means, as in EDC's own examples.
 *
 * v4 bodies carry the list `["https://w3id.org/edc/connector/management/v2"]`, whose type-scoped terms and imported
 * DSP ODRL profile give the plain names their meaning; EDC checks them against its v4 JSON Schemas, so every object
 * names its `@type` (`QuerySpec`, `Criterion`, `CallbackAddress`, `DataAddress`), a policy definition's policy is a
 * `Set`, a contract request's `policy` is an `Offer` with `@id`, `assigner`, `target` and at least one permission or
 * prohibition, ODRL actions and operators are plain (`use`, `eq`), empty rule lists are left out (the schema wants
 * at least one item), a callback address names `transactional` and `events`, and catalog and dataset requests need
 * the counter-party's id.
 */

type Body = Record<string, unknown>;

function compact(body: Body): Body {
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

/** `odrl:use` → `use`: v4 reads ODRL terms through the DSP profile, without prefixes. */
function plainTerm(value: string): string {
  return value.startsWith('odrl:') ? value.slice('odrl:'.length) : value;
}

/** The bodies one Management API version reads. */
export interface ManagementCodec {
  readonly version: ManagementApiVersionName;
  /** A request body of the given `@type`. */
  jsonLd(type: string, fields: Body): Body;
  /** The query spec of a query call, or undefined (a null body) when nothing narrows the query. */
  querySpec(options: Pick<QueryOptions, 'filter' | 'offset' | 'limit'> | undefined): Body | undefined;
  asset(asset: AssetInput): Body;
  contractDefinition(definition: ContractDefinitionInput): Body;
  policyDefinition(id: string | undefined, policy: PolicyInput): Body;
  catalogRequest(input: CatalogRequestInput, protocol: string): Body;
  datasetRequest(input: DatasetRequestInput, protocol: string): Body;
  contractRequest(input: InitiateNegotiationInput, protocol: string): Body;
  transferRequest(input: InitiateTransferInput, protocol: string): Body;
  terminate(type: 'TerminateNegotiation' | 'TerminateTransfer', id: string, reason: string): Body;
  secret(secret: { id: string; value: string }): Body;
}

function writeCriterion(criterion: Criterion): Body {
  return {
    '@type': 'Criterion',
    operandLeft: criterion.operandLeft,
    operator: criterion.operator,
    operandRight: criterion.operandRight,
  };
}

/** The fields of a query spec nested in another request (no context of its own). */
function querySpecFields(options: Pick<QueryOptions, 'filter' | 'offset' | 'limit'> | undefined): Body {
  return compact({
    offset: options?.offset,
    limit: options?.limit,
    sortField: 'id',
    sortOrder: 'ASC',
    filterExpression: (options?.filter ?? []).map(writeCriterion),
  });
}

function isNarrowed(options: Pick<QueryOptions, 'filter' | 'offset' | 'limit'> | undefined): boolean {
  return (options?.filter?.length ?? 0) > 0 || options?.offset !== undefined || options?.limit !== undefined;
}

function writeDataAddress(address: DataAddress): Body {
  return { '@type': 'DataAddress', ...address };
}

function writeConstraint(constraint: PolicyConstraint, plain: boolean): Body {
  if ('constraints' in constraint) {
    return { [constraint.operator]: constraint.constraints.map((item) => writeConstraint(item, plain)) };
  }
  return {
    leftOperand: constraint.leftOperand,
    operator: plain ? plainTerm(constraint.operator) : constraint.operator,
    rightOperand: constraint.rightOperand,
  };
}

function writeRule(rule: PolicyRule, plain: boolean): Body {
  return compact({
    action: plain ? plainTerm(rule.action) : rule.action,
    target: rule.target,
    constraint: rule.constraints.length > 0 ? rule.constraints.map((item) => writeConstraint(item, plain)) : undefined,
  });
}

/** A v3 policy: the ODRL context of its own, every rule list written even when empty. */
export function writePolicy(policy: PolicyInput & { id?: string }, defaultType: string): Body {
  return compact({
    '@context': ODRL_CONTEXT_URL,
    '@type': policy.type ?? defaultType,
    '@id': policy.id,
    assigner: policy.assigner,
    assignee: policy.assignee,
    target: policy.target,
    permission: (policy.permissions ?? []).map((rule) => writeRule(rule, false)),
    prohibition: (policy.prohibitions ?? []).map((rule) => writeRule(rule, false)),
    obligation: (policy.obligations ?? []).map((rule) => writeRule(rule, false)),
  });
}

/** A v4 policy of a fixed `@type`: plain ODRL terms, no context of its own, empty rule lists left out. */
function writePolicyV4(policy: PolicyInput & { id?: string }, type: 'Set' | 'Offer'): Body {
  const rules = (items: PolicyRule[] | undefined) =>
    items === undefined || items.length === 0 ? undefined : items.map((rule) => writeRule(rule, true));
  return compact({
    '@type': type,
    '@id': policy.id,
    assigner: policy.assigner,
    assignee: policy.assignee,
    target: policy.target,
    permission: rules(policy.permissions),
    prohibition: rules(policy.prohibitions),
    obligation: rules(policy.obligations),
  });
}

function writeCallbackAddresses(addresses: CallbackAddress[] | undefined, complete: boolean): Body[] | undefined {
  return addresses?.map((address) =>
    compact({
      '@type': 'CallbackAddress',
      ...address,
      ...(complete ? { transactional: address.transactional ?? false, events: address.events ?? [] } : {}),
    }),
  );
}

function buildCodec(version: ManagementApiVersionName): ManagementCodec {
  const isV4 = version === 'v4';
  const jsonLd = (type: string, fields: Body): Body =>
    compact({ '@context': isV4 ? [MANAGEMENT_CONTEXT_V2] : { ...EDC_CONTEXT }, '@type': type, ...fields });
  const counterPartyIdFor = (what: string, counterPartyId: string | undefined): string | undefined => {
    if (isV4 && (counterPartyId === undefined || counterPartyId === '')) {
      throw new InvalidInputError(`the Management API v4 needs the counter-party's id (counterPartyId) for ${what}`);
    }
    return counterPartyId;
  };

  return {
    version,
    jsonLd,
    querySpec: (options) => (isNarrowed(options) ? jsonLd('QuerySpec', querySpecFields(options)) : undefined),
    asset: (asset) =>
      jsonLd('Asset', {
        '@id': asset.id,
        properties: asset.properties ?? {},
        privateProperties: asset.privateProperties,
        dataAddress: writeDataAddress(asset.dataAddress),
      }),
    contractDefinition: (definition) =>
      jsonLd('ContractDefinition', {
        '@id': definition.id,
        accessPolicyId: definition.accessPolicyId,
        contractPolicyId: definition.contractPolicyId,
        assetsSelector: (definition.assetsSelector ?? []).map(writeCriterion),
      }),
    policyDefinition: (id, policy) =>
      jsonLd('PolicyDefinition', {
        '@id': id,
        // v4 knows one policy type here: a policy definition is an ODRL Set.
        policy: isV4 ? writePolicyV4({ ...policy, type: 'Set' }, 'Set') : writePolicy(policy, 'Set'),
      }),
    catalogRequest: (input, protocol) =>
      jsonLd('CatalogRequest', {
        counterPartyAddress: input.counterPartyAddress,
        counterPartyId: counterPartyIdFor('a catalog request', input.counterPartyId),
        protocol,
        additionalScopes: input.additionalScopes,
        querySpec: isNarrowed(input) ? { '@type': 'QuerySpec', ...querySpecFields(input) } : undefined,
      }),
    datasetRequest: (input, protocol) =>
      jsonLd('DatasetRequest', {
        '@id': input.id,
        counterPartyAddress: input.counterPartyAddress,
        counterPartyId: counterPartyIdFor('a dataset request', input.counterPartyId),
        protocol,
      }),
    contractRequest: (input, protocol) => {
      const { offer } = input;
      const assigner = offer.assigner ?? input.counterPartyId;
      if (isV4 && (assigner === undefined || assigner === '')) {
        throw new InvalidInputError("the Management API v4 needs the offer's assigner or the counterPartyId");
      }
      const policy = { ...offer, assigner };
      return jsonLd('ContractRequest', {
        counterPartyAddress: input.counterPartyAddress,
        counterPartyId: input.counterPartyId ?? (isV4 ? assigner : undefined),
        protocol,
        policy: isV4 ? writePolicyV4(policy, 'Offer') : writePolicy(policy, 'Offer'),
        callbackAddresses: writeCallbackAddresses(input.callbackAddresses, isV4),
      });
    },
    transferRequest: (input, protocol) =>
      jsonLd('TransferRequest', {
        counterPartyAddress: input.counterPartyAddress,
        counterPartyId: input.counterPartyId,
        contractId: input.contractId,
        // v4 finds the asset through the agreement and has no assetId term.
        assetId: isV4 ? undefined : input.assetId,
        protocol,
        transferType: input.transferType,
        dataDestination: input.dataDestination === undefined ? undefined : writeDataAddress(input.dataDestination),
        privateProperties: input.privateProperties,
        callbackAddresses: writeCallbackAddresses(input.callbackAddresses, isV4),
      }),
    terminate: (type, id, reason) => jsonLd(type, { '@id': isV4 ? undefined : id, reason }),
    secret: (secret) => jsonLd('Secret', { '@id': secret.id, value: secret.value }),
  };
}

const CODECS: Record<ManagementApiVersionName, ManagementCodec> = { v3: buildCodec('v3'), v4: buildCodec('v4') };

/** The codec of one Management API version. */
export function codecFor(version: ManagementApiVersionName): ManagementCodec {
  return CODECS[version];
}

/** The body of a federated catalog query (its own API, unversioned by the management API). */
export function writeFederatedQuerySpec(
  options: Pick<QueryOptions, 'filter' | 'offset' | 'limit'> | undefined,
): Body | undefined {
  return CODECS.v3.querySpec(options);
}
