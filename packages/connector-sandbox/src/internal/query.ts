import { compactIri, isNode, list, node, text } from '@dsm/connector-client/json-ld';
import { Checks } from './http-errors';

/** A filter criterion, as in EDC's QuerySpec. */
export interface CriterionModel {
  operandLeft: string;
  operator: string;
  operandRight: unknown;
}

export interface QuerySpecModel {
  offset: number;
  limit: number;
  sortField?: string;
  sortOrder: 'ASC' | 'DESC';
  filter: CriterionModel[];
}

/** EDC answers at most 50 entries when the query names no limit. */
export const DEFAULT_LIMIT = 50;

const OPERATORS = ['=', '!=', 'in', 'like', 'ilike', '<', '>', '<=', '>=', 'contains'];

export function readCriterion(value: unknown, path = 'filterExpression'): CriterionModel {
  const n = node(value);
  const checks = new Checks();
  const operandLeft = text(n.operandLeft);
  const operator = text(n.operator)?.toLowerCase();
  if (operandLeft === undefined) checks.add('operandLeft is required', `${path}.operandLeft`);
  if (operator === undefined) checks.add('operator is required', `${path}.operator`);
  else if (!OPERATORS.includes(operator)) {
    checks.add(`Operator [${operator}] is not supported`, `${path}.operator`, text(n.operator));
  }
  checks.done();
  return { operandLeft: operandLeft!, operator: operator!, operandRight: n.operandRight };
}

/** Reads a normalised QuerySpec node; no body means everything (up to the default limit). */
export function readQuerySpec(value: unknown): QuerySpecModel {
  const n = node(value);
  const checks = new Checks();
  const offset = n.offset === undefined ? 0 : Number(n.offset);
  const limit = n.limit === undefined ? DEFAULT_LIMIT : Number(n.limit);
  if (!Number.isInteger(offset) || offset < 0) {
    checks.add('offset must be a non-negative integer', 'offset', n.offset);
  }
  if (!Number.isInteger(limit) || limit < 1) {
    checks.add('limit must be a positive integer', 'limit', n.limit);
  }
  const sortOrder = text(n.sortOrder)?.toUpperCase() ?? 'ASC';
  if (sortOrder !== 'ASC' && sortOrder !== 'DESC') {
    checks.add('sortOrder must be ASC or DESC', 'sortOrder', n.sortOrder);
  }
  const filter = list(n.filterExpression).map((item, index) =>
    checks.run(() => readCriterion(item, `filterExpression[${index}]`)),
  );
  checks.done();
  const spec: QuerySpecModel = {
    offset,
    limit,
    sortOrder: sortOrder as QuerySpecModel['sortOrder'],
    filter: filter as CriterionModel[],
  };
  const sortField = text(n.sortField);
  if (sortField !== undefined) spec.sortField = sortField;
  return spec;
}

/** Resolves a criterion's left operand on an entity view: `id`, `@id`, IRIs, dotted paths and asset properties. */
export function resolve(view: Record<string, unknown>, path: string): unknown {
  const key = compactIri(path);
  if (key === '@id' || key === 'id') return view.id;
  if (key in view) return view[key];
  if (key.includes('.')) {
    let current: unknown = view;
    for (const segment of key.split('.')) {
      if (!isNode(current)) return undefined;
      current = current[compactIri(segment.replace(/^'|'$/g, ''))];
    }
    return current;
  }
  for (const bagName of ['properties', 'privateProperties']) {
    const found = view[bagName];
    if (isNode(found) && key in found) return found[key];
  }
  return undefined;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || a === null || b === undefined || b === null) return false;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a ?? '');
  const y = String(b ?? '');
  return x < y ? -1 : x > y ? 1 : 0;
}

function like(value: unknown, pattern: unknown, flags: string): boolean {
  const escaped = String(pattern ?? '')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%/g, '.*')
    .replace(/_/g, '.');
  return new RegExp(`^${escaped}$`, flags).test(String(value ?? ''));
}

export function matches(view: Record<string, unknown>, criterion: CriterionModel): boolean {
  const left = resolve(view, criterion.operandLeft);
  const right = criterion.operandRight;
  switch (criterion.operator) {
    case '=':
      return same(left, right);
    case '!=':
      return !same(left, right);
    case 'in':
      return list(right).some((item) => same(left, item));
    case 'contains':
      return list(left).some((item) => same(item, right));
    case 'like':
      return like(left, right, '');
    case 'ilike':
      return like(left, right, 'i');
    case '<':
      return left !== undefined && compare(left, right) < 0;
    case '>':
      return left !== undefined && compare(left, right) > 0;
    case '<=':
      return left !== undefined && compare(left, right) <= 0;
    case '>=':
      return left !== undefined && compare(left, right) >= 0;
    default:
      return false;
  }
}

/** Filters, sorts and pages `items` as the query spec says, judging each by its view. */
export function applyQuery<T>(items: T[], spec: QuerySpecModel, view: (item: T) => Record<string, unknown>): T[] {
  let selected = items.filter((item) => {
    const seen = view(item);
    return spec.filter.every((criterion) => matches(seen, criterion));
  });
  const { sortField } = spec;
  if (sortField !== undefined) {
    const direction = spec.sortOrder === 'DESC' ? -1 : 1;
    selected = [...selected].sort(
      (a, b) => direction * compare(resolve(view(a), sortField), resolve(view(b), sortField)),
    );
  }
  return selected.slice(spec.offset, spec.offset + spec.limit);
}
