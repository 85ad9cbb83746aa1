import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('have the same keys in German and English', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(de).sort());
  });
  it('have no empty texts', () => {
    for (const [name, resource] of [
      ['de', de],
      ['en', en],
    ] as const) {
      const empty = keysOf(resource).filter((key) => {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resource);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(empty, name).toEqual([]);
    }
  });
  it('keep the specification texts in English', () => {
    expect(en.home.heading).toBe('Your access to millions of datasets');
    expect(en.search.queryTooLarge).toBe('Query size exceeded! Max 20 queries or 2000 characters allowed');
    expect(en.results.found_other).toBe('{{count}} data sets found');
  });
});
