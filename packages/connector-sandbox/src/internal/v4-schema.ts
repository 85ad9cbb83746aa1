import { MANAGEMENT_CONTEXT_V2 } from '@dsm/connector-client';
import { isNode, type JsonNode } from '@dsm/connector-client/json-ld';
import { Checks } from './http-errors';

/**
 * The checks EDC's Management API v4 makes of a request body before reading it (its JSON Schemas under
 * `management-api-schema-validator/.../schema/management/v4`): the body names the management context
 * `https://w3id.org/edc/connector/management/v2` in an `@context` list and its `@type`; nested objects name theirs
 * (`QuerySpec`, `Criterion`, `CallbackAddress`); a policy definition's policy is a `Set`; a contract request's policy
 * is an `Offer` with `@id`, `assigner`, `target` and at least one permission or prohibition; each request's required
 * fields are present; and a request to a counter-party names exactly one of `protocol` and `profile`. Every problem is
 * listed in one 400, as EDC's validator does. The body is checked as sent, before the JSON-LD is read, as EDC does.
 */

/** The request types the v4 routes take, each with its required fields. */
const REQUIRED: Record<string, string[]> = {
  Asset: ['properties'],
  QuerySpec: [],
  CatalogRequest: ['counterPartyAddress', 'counterPartyId'],
  DatasetRequest: ['@id', 'counterPartyAddress', 'counterPartyId'],
  ContractDefinition: ['accessPolicyId', 'contractPolicyId'],
  PolicyDefinition: ['policy'],
  ContractRequest: ['counterPartyAddress', 'policy'],
  TerminateNegotiation: [],
  TransferRequest: ['counterPartyAddress', 'contractId', 'transferType'],
  TerminateTransfer: [],
  Secret: ['value'],
};

/** The request types that address a counter-party: exactly one of `protocol` and `profile`. */
const TO_COUNTER_PARTY = new Set(['CatalogRequest', 'DatasetRequest', 'ContractRequest', 'TransferRequest']);

/** The v4 request types the sandbox's management routes read. */
export type V4RequestType = keyof typeof REQUIRED;

const ODRL_OPERATORS = new Set([
  'eq',
  'gt',
  'gteq',
  'lteq',
  'hasPart',
  'isA',
  'isAllOf',
  'isAnyOf',
  'isNoneOf',
  'isPartOf',
  'lt',
  'term-lteq',
  'neq',
]);

function checkType(checks: Checks, value: unknown, expected: string, path: string): void {
  const type = isNode(value) ? value['@type'] : undefined;
  if (type !== expected) checks.add(`${path}@type must be '${expected}'`, `${path}@type`, type);
}

function checkCriterion(checks: Checks, value: unknown, path: string): void {
  if (!isNode(value)) {
    checks.add(`${path} must be an object`, path, value);
    return;
  }
  checkType(checks, value, 'Criterion', `${path}.`);
  for (const field of ['operandLeft', 'operator', 'operandRight']) {
    if (value[field] === undefined) checks.add(`${path}.${field} is required`, `${path}.${field}`);
  }
}

function checkQuerySpec(checks: Checks, value: unknown, path: string): void {
  if (!isNode(value)) {
    checks.add(`${path} must be an object`, path, value);
    return;
  }
  checkType(checks, value, 'QuerySpec', path === '' ? '' : `${path}.`);
  const prefix = path === '' ? '' : `${path}.`;
  if (value.offset !== undefined && !(Number.isInteger(value.offset) && (value.offset as number) >= 0)) {
    checks.add(`${prefix}offset must be an integer of at least 0`, `${prefix}offset`, value.offset);
  }
  if (value.limit !== undefined && !(Number.isInteger(value.limit) && (value.limit as number) >= 1)) {
    checks.add(`${prefix}limit must be an integer of at least 1`, `${prefix}limit`, value.limit);
  }
  if (value.sortOrder !== undefined && value.sortOrder !== 'ASC' && value.sortOrder !== 'DESC') {
    checks.add(`${prefix}sortOrder must be ASC or DESC`, `${prefix}sortOrder`, value.sortOrder);
  }
  if (value.filterExpression !== undefined) {
    if (!Array.isArray(value.filterExpression)) {
      checks.add(`${prefix}filterExpression must be a list`, `${prefix}filterExpression`, value.filterExpression);
    } else {
      for (const [index, item] of value.filterExpression.entries())
        checkCriterion(checks, item, `${prefix}filterExpression[${index}]`);
    }
  }
}

function checkConstraint(checks: Checks, value: unknown, path: string): void {
  if (!isNode(value)) {
    checks.add(`${path} must be an object`, path, value);
    return;
  }
  const logical = ['and', 'andSequence', 'or', 'xone'].filter((operator) => operator in value);
  if (logical.length > 0) {
    for (const operator of logical) {
      const items = value[operator];
      if (!Array.isArray(items)) checks.add(`${path}.${operator} must be a list`, `${path}.${operator}`, items);
      else for (const [index, item] of items.entries()) checkConstraint(checks, item, `${path}.${operator}[${index}]`);
    }
    return;
  }
  if (typeof value.leftOperand !== 'string') checks.add(`${path}.leftOperand is required`, `${path}.leftOperand`);
  if (value.rightOperand === undefined) checks.add(`${path}.rightOperand is required`, `${path}.rightOperand`);
  if (typeof value.operator !== 'string' || !ODRL_OPERATORS.has(value.operator)) {
    checks.add(`${path}.operator must be an ODRL operator (eq, neq, gt, ...)`, `${path}.operator`, value.operator);
  }
}

function checkRules(checks: Checks, policy: JsonNode, path: string): void {
  for (const kind of ['permission', 'prohibition', 'obligation']) {
    const rules = policy[kind];
    if (rules === undefined) continue;
    if (!Array.isArray(rules) || rules.length === 0) {
      checks.add(`${path}.${kind} must be a list of at least one rule`, `${path}.${kind}`, rules);
      continue;
    }
    for (const [index, rule] of rules.entries()) {
      const at = `${path}.${kind}[${index}]`;
      if (!isNode(rule)) {
        checks.add(`${at} must be an object`, at, rule);
        continue;
      }
      if (typeof rule.action !== 'string') checks.add(`${at}.action is required`, `${at}.action`, rule.action);
      if (rule.constraint !== undefined) {
        if (!Array.isArray(rule.constraint)) checks.add(`${at}.constraint must be a list`, `${at}.constraint`);
        else
          for (const [at2, item] of rule.constraint.entries())
            checkConstraint(checks, item, `${at}.constraint[${at2}]`);
      }
    }
  }
}

function checkOffer(checks: Checks, value: unknown): void {
  if (!isNode(value)) {
    checks.add('policy must be an object', 'policy', value);
    return;
  }
  checkType(checks, value, 'Offer', 'policy.');
  for (const field of ['@id', 'assigner', 'target']) {
    if (typeof value[field] !== 'string') checks.add(`policy.${field} is required`, `policy.${field}`, value[field]);
  }
  if (value.permission === undefined && value.prohibition === undefined) {
    checks.add('policy must hold a permission or a prohibition', 'policy');
  }
  checkRules(checks, value, 'policy');
}

function checkCallbackAddresses(checks: Checks, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    checks.add('callbackAddresses must be a list', 'callbackAddresses', value);
    return;
  }
  for (const [index, item] of value.entries()) {
    const at = `callbackAddresses[${index}]`;
    if (!isNode(item)) {
      checks.add(`${at} must be an object`, at, item);
      continue;
    }
    checkType(checks, item, 'CallbackAddress', `${at}.`);
    if (typeof item.transactional !== 'boolean') checks.add(`${at}.transactional is required`, `${at}.transactional`);
    if (typeof item.uri !== 'string') checks.add(`${at}.uri is required`, `${at}.uri`);
    if (!Array.isArray(item.events)) checks.add(`${at}.events is required`, `${at}.events`);
  }
}

/**
 * Checks a v4 request body as EDC's v4 schema of `type` does; a 400 listing every problem when it does not hold.
 * An empty body passes for a query (EDC reads it as "everything") and for a termination.
 */
export function checkV4Body(type: V4RequestType, body: unknown): void {
  if ((body === undefined || body === null) && (type === 'QuerySpec' || type.startsWith('Terminate'))) return;
  const checks = new Checks();
  if (!isNode(body)) {
    checks.add('the body must be a JSON object', '', body);
    checks.done();
    return;
  }
  const context = body['@context'];
  if (!Array.isArray(context) || !context.includes(MANAGEMENT_CONTEXT_V2)) {
    checks.add(`@context must be a list naming '${MANAGEMENT_CONTEXT_V2}'`, '@context', context);
  }
  if (type === 'QuerySpec') checkQuerySpec(checks, body, '');
  else checkType(checks, body, type, '');
  for (const field of REQUIRED[type] ?? []) {
    if (body[field] === undefined || body[field] === '') checks.add(`${field} is required`, field);
  }
  if (TO_COUNTER_PARTY.has(type) && (body.protocol === undefined) === (body.profile === undefined)) {
    checks.add('exactly one of protocol and profile is required', 'protocol');
  }
  if (type === 'Asset' && body.properties !== undefined && !isNode(body.properties)) {
    checks.add('properties must be an object', 'properties', body.properties);
  }
  if (type === 'CatalogRequest' && body.querySpec !== undefined) checkQuerySpec(checks, body.querySpec, 'querySpec');
  if (type === 'ContractDefinition' && body.assetsSelector !== undefined) {
    if (!Array.isArray(body.assetsSelector)) checks.add('assetsSelector must be a list', 'assetsSelector');
    else
      for (const [index, item] of body.assetsSelector.entries())
        checkCriterion(checks, item, `assetsSelector[${index}]`);
  }
  if (type === 'PolicyDefinition' && isNode(body.policy)) {
    checkType(checks, body.policy, 'Set', 'policy.');
    checkRules(checks, body.policy, 'policy');
  }
  if (type === 'ContractRequest' && body.policy !== undefined) checkOffer(checks, body.policy);
  if (type === 'ContractRequest' || type === 'TransferRequest') checkCallbackAddresses(checks, body.callbackAddresses);
  checks.done();
}
