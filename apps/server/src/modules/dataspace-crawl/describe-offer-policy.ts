import type { AtomicConstraint, Policy, PolicyConstraint, PolicyRule } from '@dsm/connector-client';

/** An offer's conditions sorted by the questions a buyer asks, each in words. */
export type TPolicyInWords = {
  /** Who may use the data: participants, groups, members of the data space. */
  who: string[];
  /** For what: the purposes it may be used for. */
  purposes: string[];
  /** Until when (or from when) it may be used. */
  when: string[];
  /** Where it may be used. */
  where: string[];
  /** Every condition the four questions do not cover, as the policy states it. */
  other: string[];
  /** What the policy forbids. */
  prohibited: string[];
  /** What the user must do. */
  duties: string[];
};

/** The last part of an IRI (`https://w3id.org/edc/v0.0.1/ns/purpose` -> `purpose`), which is what people read. */
function shortName(iri: string): string {
  return iri.split(/[/#:]/).filter(Boolean).at(-1) ?? iri;
}

/** The short name in lower case, for matching the spellings of one term. */
const termOf = (iri: string): string => shortName(iri).toLowerCase();

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['@value', '@id', 'value', 'id']) if (key in record) return valueText(record[key]);
  }
  return JSON.stringify(value) ?? String(value);
}

function values(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(valueText);
  if (typeof value === 'string' && value.includes(',')) return value.split(',').map((part) => part.trim());
  return [valueText(value)];
}

const NEGATED = new Set(['neq', 'isnoneof']);

/** 'A', 'A or B', 'A, B or C'. */
function either(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

function dateText(value: unknown): string {
  const text = valueText(value);
  const date = new Date(text);
  return Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(text) ? text : date.toISOString().slice(0, 10);
}

const OPERATOR_WORDS: Record<string, string> = {
  eq: 'is',
  neq: 'is not',
  gt: 'is greater than',
  gteq: 'is at least',
  lt: 'is less than',
  lteq: 'is at most',
  isanyof: 'is one of',
  isallof: 'is all of',
  isnoneof: 'is none of',
  isa: 'is a',
  ispartof: 'is part of',
  haspart: 'has part',
};

/** 'purpose is research': a condition the four questions do not cover, as the policy states it. */
function asStated(constraint: AtomicConstraint): string {
  const operator = OPERATOR_WORDS[constraint.operator.toLowerCase()] ?? constraint.operator;
  return `${shortName(constraint.leftOperand)} ${operator} ${valueText(constraint.rightOperand)}`;
}

/** Sorts one comparison under its question; false when the policy's terms are not ones this reads. */
function sortAtomic(constraint: AtomicConstraint, words: TPolicyInWords): void {
  const term = termOf(constraint.leftOperand);
  const operator = constraint.operator.toLowerCase();
  const isNegated = NEGATED.has(operator);
  const listed = either(values(constraint.rightOperand));
  switch (term) {
    case 'businesspartnernumber':
    case 'bpn':
    case 'participantid':
    case 'participant':
      if (['eq', 'isanyof', 'ispartof', 'neq', 'isnoneof'].includes(operator)) {
        words.who.push(isNegated ? `every participant except ${listed}` : `only the participant ${listed}`);
        return;
      }
      break;
    case 'businesspartnergroup':
    case 'group':
      if (['eq', 'isanyof', 'ispartof', 'isallof', 'neq', 'isnoneof'].includes(operator)) {
        words.who.push(isNegated ? `participants outside the group ${listed}` : `participants in the group ${listed}`);
        return;
      }
      break;
    case 'membership':
    case 'membershipcredential':
      if (!isNegated) {
        words.who.push('active members of the data space');
        return;
      }
      break;
    case 'purpose':
    case 'usagepurpose':
      if (['eq', 'isanyof', 'ispartof', 'neq', 'isnoneof'].includes(operator)) {
        words.purposes.push(isNegated ? `any purpose but ${listed}` : listed);
        return;
      }
      break;
    case 'datetime':
    case 'policyevaluationtime':
    case 'inforcedate':
      if (operator === 'lt' || operator === 'lteq') {
        words.when.push(`until ${dateText(constraint.rightOperand)}`);
        return;
      }
      if (operator === 'gt' || operator === 'gteq') {
        words.when.push(`from ${dateText(constraint.rightOperand)}`);
        return;
      }
      break;
    case 'elapsedtime':
      if (operator === 'lt' || operator === 'lteq' || operator === 'eq') {
        words.when.push(`for ${valueText(constraint.rightOperand)} after the contract is signed`);
        return;
      }
      break;
    case 'spatial':
    case 'location':
    case 'region':
    case 'country':
    case 'absolutespatialposition':
      if (['eq', 'isanyof', 'ispartof', 'neq', 'isnoneof'].includes(operator)) {
        words.where.push(isNegated ? `anywhere but ${listed}` : `in ${listed}`);
        return;
      }
      break;
  }
  words.other.push(asStated(constraint));
}

/** A constraint in words for 'other conditions', alternatives included. */
function stated(constraint: PolicyConstraint): string {
  if (!('constraints' in constraint)) return asStated(constraint);
  const parts = constraint.constraints.map(stated);
  if (constraint.operator === 'and' || constraint.operator === 'andSequence') return parts.join(' and ');
  return `${constraint.operator === 'xone' ? 'exactly one of' : 'one of'}: ${parts.join('; ')}`;
}

function sortConstraint(constraint: PolicyConstraint, words: TPolicyInWords): void {
  if (!('constraints' in constraint)) {
    sortAtomic(constraint, words);
    return;
  }
  if (constraint.operator === 'and' || constraint.operator === 'andSequence') {
    for (const part of constraint.constraints) sortConstraint(part, words);
    return;
  }
  // Alternatives answer no single question: 'either a member or BPN x' is said as the policy says it.
  words.other.push(stated(constraint));
}

function ruleText(rule: PolicyRule): string {
  const action = shortName(rule.action);
  return rule.constraints.length === 0 ? action : `${action} when ${rule.constraints.map(stated).join(' and ')}`;
}

/**
 * Sorts an ODRL policy's conditions by who may use the data, for what, until when and where: the permissions'
 * constraints on BusinessPartnerNumber, BusinessPartnerGroup and membership (who), purpose (for what), dateTime and
 * elapsedTime (until when) and spatial (where), in EDC's, Catena-X's and ODRL's spellings. Any other condition,
 * and alternatives (or, xone), are kept as 'other conditions' in the policy's own terms.
 */
export function policyInWords(policy: Pick<Policy, 'permissions' | 'prohibitions' | 'obligations'>): TPolicyInWords {
  const words: TPolicyInWords = { who: [], purposes: [], when: [], where: [], other: [], prohibited: [], duties: [] };
  for (const permission of policy.permissions) {
    for (const constraint of permission.constraints) sortConstraint(constraint, words);
  }
  words.prohibited.push(...policy.prohibitions.map(ruleText));
  words.duties.push(...policy.obligations.map(ruleText));
  return words;
}

const unique = (items: string[]) => [...new Set(items)];

/**
 * An offer's policy in one paragraph for buyers: 'Who: only the participant BPNL1. For: research. When: until
 * 2026-12-31. Where: in EU. Other conditions: …. Not allowed: distribute.' An open policy says so question by
 * question ('Who: anyone in the data space. For: any purpose. …'); a policy permitting nothing says that.
 */
export function describeOfferPolicy(policy: Pick<Policy, 'permissions' | 'prohibitions' | 'obligations'>): string {
  if (policy.permissions.length === 0) {
    return 'Permits nothing: the provider has to be asked.';
  }
  const words = policyInWords(policy);
  const parts = [
    `Who: ${words.who.length > 0 ? unique(words.who).join('; ') : 'anyone in the data space'}.`,
    `For: ${words.purposes.length > 0 ? unique(words.purposes).join('; ') : 'any purpose'}.`,
    `When: ${words.when.length > 0 ? unique(words.when).join('; ') : 'without an end date'}.`,
    `Where: ${words.where.length > 0 ? unique(words.where).join('; ') : 'anywhere'}.`,
  ];
  if (words.other.length > 0) parts.push(`Other conditions: ${unique(words.other).join('; ')}.`);
  if (words.prohibited.length > 0) parts.push(`Not allowed: ${unique(words.prohibited).join('; ')}.`);
  if (words.duties.length > 0) parts.push(`Duties: ${unique(words.duties).join('; ')}.`);
  return parts.join(' ');
}
