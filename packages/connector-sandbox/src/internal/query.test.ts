import { describe, expect, it } from 'vitest';
import { applyQuery, readQuerySpec } from './query';

const items = [
  { id: 'b', properties: { name: 'Bravo', size: 2 } },
  { id: 'a', properties: { name: 'alpha', size: 1 } },
  { id: 'c', properties: { name: 'Charlie', size: 3 } },
];
const view = (item: (typeof items)[number]) => ({ ...item.properties, id: item.id, properties: item.properties });

function ids(spec: unknown): string[] {
  return applyQuery(items, readQuerySpec(spec), view).map((item) => item.id);
}

describe('[SANDBOX]: query specs', () => {
  it('answers everything in insertion order without a body', () => {
    expect(ids(undefined)).toEqual(['b', 'a', 'c']);
  });

  it('filters with the EDC operators on ids, IRIs and properties', () => {
    const criterion = (operandLeft: string, operator: string, operandRight: unknown) => ({
      filterExpression: [{ operandLeft, operator, operandRight }],
    });
    expect(ids(criterion('https://w3id.org/edc/v0.0.1/ns/id', '=', 'a'))).toEqual(['a']);
    expect(ids(criterion('edc:id', '!=', 'a'))).toEqual(['b', 'c']);
    expect(ids(criterion('id', 'in', ['a', 'c']))).toEqual(['a', 'c']);
    expect(ids(criterion('name', 'like', '%ar%'))).toEqual(['c']);
    expect(ids(criterion('name', 'ilike', 'A%'))).toEqual(['a']);
    expect(ids(criterion('size', '>=', 2))).toEqual(['b', 'c']);
    expect(ids(criterion("properties.'name'", '=', 'Bravo'))).toEqual(['b']);
  });

  it('sorts and pages', () => {
    expect(ids({ sortField: 'id', sortOrder: 'ASC' })).toEqual(['a', 'b', 'c']);
    expect(ids({ sortField: 'size', sortOrder: 'DESC', offset: 1, limit: 1 })).toEqual(['b']);
  });

  it('refuses unknown operators and bad paging with a 400', () => {
    expect(() => readQuerySpec({ filterExpression: [{ operandLeft: 'id', operator: '~', operandRight: 1 }] })).toThrow(
      'Operator [~] is not supported',
    );
    expect(() => readQuerySpec({ limit: 0 })).toThrow('limit must be a positive integer');
    expect(() => readQuerySpec({ offset: -1 })).toThrow('offset must be a non-negative integer');
  });
});
