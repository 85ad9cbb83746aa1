import { describe, expect, it } from 'vitest';
import { compactIri, normalize } from '../json-ld';
import type { PolicyInput } from '../types';
import { readPolicy, readTransferProcess } from './read';
import { writePolicy } from './write';

describe('JSON-LD normalisation', () => {
  it('gives plain names to @vocab terms, prefixed terms, full IRIs and context-declared prefixes', () => {
    expect(
      normalize({
        '@context': { '@vocab': 'https://w3id.org/edc/v0.0.1/ns/', my: 'https://w3id.org/edc/v0.0.1/ns/' },
        '@type': 'https://w3id.org/edc/v0.0.1/ns/Asset',
        plain: 1,
        'edc:prefixed': 2,
        'https://w3id.org/edc/v0.0.1/ns/full': 3,
        'my:declared': 4,
        'http://example.org/custom': 5,
        nested: { '@value': 'unwrapped' },
      }),
    ).toEqual({
      '@type': 'Asset',
      plain: 1,
      prefixed: 2,
      full: 3,
      declared: 4,
      'http://example.org/custom': 5,
      nested: 'unwrapped',
    });
  });

  it('keeps the plain key when a connector sends a plain and a prefixed copy', () => {
    expect(normalize({ 'edc:state': 'OLD', state: 'NEW' })).toEqual({ state: 'NEW' });
    expect(normalize({ state: 'NEW', 'edc:state': 'OLD' })).toEqual({ state: 'NEW' });
  });

  it('shortens IRIs of known namespaces only', () => {
    expect(compactIri('odrl:use')).toBe('use');
    expect(compactIri('http://www.w3.org/ns/odrl/2/use')).toBe('use');
    expect(compactIri('https://example.org/ns/use')).toBe('https://example.org/ns/use');
  });

  it('reads expanded-style values (single-element arrays) into typed fields', () => {
    const transfer = readTransferProcess({
      '@id': ['t-1'],
      'https://w3id.org/edc/v0.0.1/ns/state': [{ '@value': 'STARTED' }],
      'https://w3id.org/edc/v0.0.1/ns/type': 'PROVIDER',
      'https://w3id.org/edc/v0.0.1/ns/contractId': 'c-1',
    });
    expect(transfer).toMatchObject({ id: 't-1', state: 'STARTED', type: 'PROVIDER', contractId: 'c-1' });
  });

  it('reads back every policy it writes', () => {
    const policy: PolicyInput & { id: string } = {
      id: 'p-1',
      type: 'Offer',
      assigner: 'provider',
      target: 'asset-1',
      permissions: [
        {
          action: 'use',
          target: 'asset-1',
          constraints: [
            {
              operator: 'or',
              constraints: [
                { leftOperand: 'https://w3id.org/edc/v0.0.1/ns/inForceDate', operator: 'gteq', rightOperand: 'x' },
                { leftOperand: 'https://w3id.org/edc/v0.0.1/ns/purpose', operator: 'isAnyOf', rightOperand: ['a'] },
              ],
            },
          ],
        },
      ],
      prohibitions: [{ action: 'distribute', constraints: [] }],
      obligations: [],
    };
    expect(readPolicy(writePolicy(policy, 'Set'))).toEqual(policy);
  });
});
