import type { PolicyConstraint } from '@dsm/connector-client';
import { list, node, readConstraint, term, text } from '@dsm/connector-client/json-ld';

/** An ODRL policy as the sandbox holds it. */
export interface PolicyModel {
  id?: string;
  type: string;
  assigner?: string;
  assignee?: string;
  target?: string;
  permissions: RuleModel[];
  prohibitions: RuleModel[];
  obligations: RuleModel[];
}

export interface RuleModel {
  action: string;
  target?: string;
  constraints: ConstraintModel[];
}

export type ConstraintModel = PolicyConstraint;

function readRule(value: unknown): RuleModel {
  const n = node(value);
  const rule: RuleModel = { action: term(n.action) ?? 'use', constraints: list(n.constraint).map(readConstraint) };
  const target = text(n.target);
  if (target !== undefined) rule.target = target;
  return rule;
}

/** Reads a normalised ODRL policy node. */
export function readPolicy(value: unknown): PolicyModel {
  const n = node(value);
  const policy: PolicyModel = {
    type: term(n['@type']) ?? 'Set',
    permissions: list(n.permission).map(readRule),
    prohibitions: list(n.prohibition).map(readRule),
    obligations: list(n.obligation).map(readRule),
  };
  for (const key of ['assigner', 'assignee', 'target'] as const) {
    const found = text(n[key]);
    if (found !== undefined) policy[key] = found;
  }
  const id = text(n['@id']);
  if (id !== undefined) policy.id = id;
  return policy;
}

const odrlTerm = (value: string) => (value.includes(':') ? value : `odrl:${value}`);

function presentConstraint(constraint: ConstraintModel): Record<string, unknown> {
  if ('constraints' in constraint)
    return { [`odrl:${constraint.operator}`]: constraint.constraints.map(presentConstraint) };
  return {
    'odrl:leftOperand': { '@id': constraint.leftOperand },
    'odrl:operator': { '@id': odrlTerm(constraint.operator) },
    'odrl:rightOperand': constraint.rightOperand,
  };
}

/**
 * A list as EDC's JSON-LD compaction writes it: one item stands alone, none or several stay a list. Readers must
 * take both, as they must with a real connector.
 */
export function compactList<T>(items: T[]): T | T[] {
  return items.length === 1 ? items[0]! : items;
}

function presentRule(rule: RuleModel): Record<string, unknown> {
  return {
    'odrl:action': { '@id': odrlTerm(rule.action) },
    ...(rule.target === undefined ? {} : { 'odrl:target': { '@id': rule.target } }),
    // EDC leaves a rule without constraints without the key.
    ...(rule.constraints.length === 0
      ? {}
      : { 'odrl:constraint': compactList(rule.constraints.map(presentConstraint)) }),
  };
}

/** Writes a policy the way EDC's management API does: compacted with `odrl:` prefixes, parties as plain ids. */
export function presentPolicy(policy: PolicyModel): Record<string, unknown> {
  return {
    ...(policy.id === undefined ? {} : { '@id': policy.id }),
    '@type': odrlTerm(policy.type),
    ...(policy.assigner === undefined ? {} : { 'odrl:assigner': policy.assigner }),
    ...(policy.assignee === undefined ? {} : { 'odrl:assignee': policy.assignee }),
    ...(policy.target === undefined ? {} : { 'odrl:target': { '@id': policy.target } }),
    'odrl:permission': compactList(policy.permissions.map(presentRule)),
    'odrl:prohibition': compactList(policy.prohibitions.map(presentRule)),
    'odrl:obligation': compactList(policy.obligations.map(presentRule)),
  };
}
