import { EDC_CONTEXT, ODRL_CONTEXT_URL } from '../constants';
import type {
  AssetInput,
  CallbackAddress,
  ContractDefinitionInput,
  Criterion,
  DataAddress,
  PolicyConstraint,
  PolicyInput,
  PolicyRule,
  QueryOptions,
} from '../types';

/**
 * Writers turn the client's typed inputs into the JSON-LD bodies the management API reads. Every body carries the
 * EDC context; policies carry the ODRL context so their plain ODRL terms (`permission`, `action`, `assigner`) mean
 * what ODRL means, as in EDC's own examples.
 */

type Body = Record<string, unknown>;

function compact(body: Body): Body {
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

/** A management request body of the given `@type`. */
export function jsonLd(type: string, fields: Body): Body {
  return compact({ '@context': { ...EDC_CONTEXT }, '@type': type, ...fields });
}

export function writeCriterion(criterion: Criterion): Body {
  return {
    '@type': 'Criterion',
    operandLeft: criterion.operandLeft,
    operator: criterion.operator,
    operandRight: criterion.operandRight,
  };
}

/** The query spec of a query call, or undefined (a null body) when nothing narrows the query. */
export function writeQuerySpec(
  options: Pick<QueryOptions, 'filter' | 'offset' | 'limit'> | undefined,
): Body | undefined {
  const filter = options?.filter ?? [];
  if (filter.length === 0 && options?.offset === undefined && options?.limit === undefined) return undefined;
  return jsonLd('QuerySpec', querySpecFields(options));
}

/** The fields of a query spec nested in another request (no context of its own). */
export function querySpecFields(options: Pick<QueryOptions, 'filter' | 'offset' | 'limit'> | undefined): Body {
  return compact({
    offset: options?.offset,
    limit: options?.limit,
    sortField: 'id',
    sortOrder: 'ASC',
    filterExpression: (options?.filter ?? []).map(writeCriterion),
  });
}

export function writeDataAddress(address: DataAddress): Body {
  return { '@type': 'DataAddress', ...address };
}

export function writeAsset(asset: AssetInput): Body {
  return jsonLd('Asset', {
    '@id': asset.id,
    properties: asset.properties,
    privateProperties: asset.privateProperties,
    dataAddress: writeDataAddress(asset.dataAddress),
  });
}

function writeConstraint(constraint: PolicyConstraint): Body {
  if ('constraints' in constraint) return { [constraint.operator]: constraint.constraints.map(writeConstraint) };
  return {
    leftOperand: constraint.leftOperand,
    operator: constraint.operator,
    rightOperand: constraint.rightOperand,
  };
}

function writeRule(rule: PolicyRule): Body {
  return compact({
    action: rule.action,
    target: rule.target,
    constraint: rule.constraints.length > 0 ? rule.constraints.map(writeConstraint) : undefined,
  });
}

export function writePolicy(policy: PolicyInput & { id?: string }, defaultType: string): Body {
  return compact({
    '@context': ODRL_CONTEXT_URL,
    '@type': policy.type ?? defaultType,
    '@id': policy.id,
    assigner: policy.assigner,
    assignee: policy.assignee,
    target: policy.target,
    permission: (policy.permissions ?? []).map(writeRule),
    prohibition: (policy.prohibitions ?? []).map(writeRule),
    obligation: (policy.obligations ?? []).map(writeRule),
  });
}

export function writeContractDefinition(definition: ContractDefinitionInput): Body {
  return jsonLd('ContractDefinition', {
    '@id': definition.id,
    accessPolicyId: definition.accessPolicyId,
    contractPolicyId: definition.contractPolicyId,
    assetsSelector: (definition.assetsSelector ?? []).map(writeCriterion),
  });
}

export function writeCallbackAddresses(addresses: CallbackAddress[] | undefined): Body[] | undefined {
  return addresses?.map((address) => compact({ '@type': 'CallbackAddress', ...address }));
}
