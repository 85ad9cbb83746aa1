import type { PolicyInput, PolicyRule } from '@dsm/connector-client';
import { ErrorCode, ODRL_OPERATORS } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';

const ODRL = 'http://www.w3.org/ns/odrl/2/';
const POLICY_TYPES = new Set(['Set', 'Offer', 'Agreement']);

/** A term without its `odrl:` prefix or ODRL namespace, so `odrl:Set`, the IRI and `Set` read the same. */
const shortOf = (value: unknown) =>
  typeof value === 'string' ? value.replace(/^odrl:/, '').replace(ODRL, '') : undefined;

/** A JSON-LD value as a list: a single object or an array of them. */
const listOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** A property by its plain, `odrl:`-prefixed or full IRI name. */
function read(object: Record<string, unknown>, name: string): unknown {
  return object[name] ?? object[`odrl:${name}`] ?? object[`${ODRL}${name}`];
}

/** An operand as text: a plain value, `{@value}` or `{@id}`. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return textOf(object['@value'] ?? object['@id']);
  }
  return undefined;
}

function invalid(path: string, message: string): never {
  throw new AppError(ErrorCode.VALIDATION_FAILED, `body.jsonLd${path}: ${message}`, [
    { path: `body.jsonLd${path}`, message },
  ]);
}

function ruleOf(value: unknown, path: string): PolicyRule {
  if (!value || typeof value !== 'object') invalid(path, 'must be an object');
  const rule = value as Record<string, unknown>;
  const action = shortOf(textOf(read(rule, 'action')) ?? read(rule, 'action'));
  if (!action) invalid(`${path}.action`, 'must name an ODRL action, for example "use"');
  const constraints = listOf(read(rule, 'constraint')).map((entry, index) => {
    const where = `${path}.constraint[${index}]`;
    if (!entry || typeof entry !== 'object') invalid(where, 'must be an object');
    const constraint = entry as Record<string, unknown>;
    const leftOperand = textOf(read(constraint, 'leftOperand'));
    const operator = shortOf(textOf(read(constraint, 'operator')));
    const rightOperand = textOf(read(constraint, 'rightOperand'));
    if (!leftOperand) invalid(`${where}.leftOperand`, 'is required');
    if (!operator || !(ODRL_OPERATORS as readonly string[]).includes(operator)) {
      invalid(`${where}.operator`, `must be one of ${ODRL_OPERATORS.join(', ')}`);
    }
    if (rightOperand === undefined) invalid(`${where}.rightOperand`, 'is required');
    return { leftOperand, operator, rightOperand };
  });
  return { action, constraints };
}

/**
 * Reads an ODRL policy written as JSON-LD text (`{"@type": "Set", "permission": [{"action": "use",
 * "constraint": [...]}]}`, with or without `odrl:` prefixes) into the client's policy, or answers 400 naming the
 * part that is wrong, so the operator sees the mistake before the connector does.
 */
export function parseOdrlPolicy(text: string): PolicyInput {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    invalid('', `is not JSON: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) invalid('', 'must be a JSON object');
  const policy = parsed as Record<string, unknown>;
  const type = shortOf(policy['@type'] ?? policy.type);
  if (!type || !POLICY_TYPES.has(type)) invalid('.@type', 'must be Set, Offer or Agreement');
  return {
    type,
    permissions: listOf(read(policy, 'permission')).map((rule, index) => ruleOf(rule, `.permission[${index}]`)),
    prohibitions: listOf(read(policy, 'prohibition')).map((rule, index) => ruleOf(rule, `.prohibition[${index}]`)),
    obligations: listOf(read(policy, 'obligation')).map((rule, index) => ruleOf(rule, `.obligation[${index}]`)),
  };
}
