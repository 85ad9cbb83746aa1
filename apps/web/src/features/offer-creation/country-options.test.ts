import { describe, expect, it } from 'vitest';
import { countryOptions } from './country-options';

describe('countryOptions', () => {
  it('names each country once, in the language asked for', () => {
    const english = countryOptions('en');
    const labels = english.map((option) => option.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(english.filter((option) => option.label === 'Germany')).toEqual([{ value: 'DE', label: 'Germany' }]);
    expect(countryOptions('de').find((option) => option.value === 'DE')?.label).toBe('Deutschland');
  });

  it('leaves out groupings and withdrawn codes', () => {
    const codes = countryOptions('en').map((option) => option.value);
    for (const code of ['EU', 'UN', 'ZZ', 'DD', 'SU', 'YU', 'XA']) expect(codes).not.toContain(code);
    expect(codes.length).toBeGreaterThan(240);
  });
});
