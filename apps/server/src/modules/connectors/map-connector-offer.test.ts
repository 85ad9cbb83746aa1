import type { Asset, PolicyDefinition } from '@dsm/connector-client';
import { describe, expect, it } from 'vitest';
import {
  describePolicy,
  presentConnectorAsset,
  presentConnectorOffer,
  presentConnectorPolicy,
  type TConnectorOfferSource,
} from './map-connector-offer';

const asset = (id: string, properties: Record<string, unknown>, dataAddress: Asset['dataAddress']): Asset => ({
  id,
  properties,
  privateProperties: {},
  dataAddress,
});

const policy = (rules: Partial<PolicyDefinition['policy']>): PolicyDefinition['policy'] => ({
  type: 'Set',
  permissions: [],
  prohibitions: [],
  obligations: [],
  ...rules,
});

type TRule = PolicyDefinition['policy']['permissions'][number];

/** A permission to use under the constraints. */
const use = (...constraints: TRule['constraints']): TRule => ({ action: 'use', constraints });

describe('describePolicy', () => {
  it('says what a policy permits, prohibits and requires, with short operand names', () => {
    expect(
      describePolicy(
        policy({
          permissions: [
            use({ leftOperand: 'https://w3id.org/edc/v0.0.1/ns/purpose', operator: 'eq', rightOperand: 'research' }),
          ],
          prohibitions: [{ action: 'http://www.w3.org/ns/odrl/2/distribute', constraints: [] }],
          obligations: [{ action: 'delete', constraints: [] }],
        }),
      ),
    ).toBe('Permits use when purpose eq research; prohibits distribute; requires delete.');
  });

  it('writes logical constraints in brackets and lists as lists', () => {
    expect(
      describePolicy(
        policy({
          permissions: [
            use({
              operator: 'or',
              constraints: [
                { leftOperand: 'region', operator: 'isAnyOf', rightOperand: ['DE', 'AT'] },
                { leftOperand: 'edc:membership', operator: 'eq', rightOperand: 'active' },
              ],
            }),
          ],
        }),
      ),
    ).toBe('Permits use when (region isAnyOf [DE, AT] or membership eq active).');
  });

  it('says so when a policy states no rules', () => {
    expect(describePolicy(policy({}))).toBe('States no rules.');
  });
});

describe('presentConnectorPolicy', () => {
  it('names a policy by its definition id, the one name EDC gives it', () => {
    const presented = presentConnectorPolicy('open-use', {
      id: 'open-use',
      createdAt: 1700000000000,
      policy: policy({ id: 'urn:uuid:1', permissions: [{ action: 'use', constraints: [] }] }),
    });
    expect(presented).toEqual({
      definitionId: 'open-use',
      id: 'urn:uuid:1',
      name: 'open-use',
      description: 'Permits use.',
      createdAt: 1700000000000,
      permissions: [{ action: 'use', constraints: [] }],
      prohibitions: [],
      obligations: [],
    });
  });

  it('shows a policy the connector lacks instead of dropping it', () => {
    expect(presentConnectorPolicy('gone', null)).toMatchObject({
      definitionId: 'gone',
      name: 'gone',
      description: 'The connector holds no policy definition with this id.',
      createdAt: null,
    });
  });
});

describe('presentConnectorOffer', () => {
  const source = (assets: Asset[]): TConnectorOfferSource => ({
    definition: { id: 'def-1', accessPolicyId: 'a', contractPolicyId: 'c', assetsSelector: [] },
    assets,
    accessPolicy: null,
    contractPolicy: null,
  });

  it('maps a contract definition as the specification says: DATA, DIRECT, assets and both policies', () => {
    const offer = presentConnectorOffer(
      source([
        asset('a1', { name: 'First', contenttype: 'text/csv' }, { type: 'HttpData', baseUrl: 'https://x.example/a' }),
        asset('a2', {}, { type: 'InlineData', content: 'x' }),
      ]),
    );
    expect(offer).toMatchObject({
      id: 'def-1',
      name: 'First, a2',
      accessType: 'DATA',
      contentType: 'DIRECT',
      assets: [
        { id: 'a1', name: 'First', type: 'text/csv', connectionType: 'HttpData', baseUrl: 'https://x.example/a' },
        { id: 'a2', name: 'a2', type: null, connectionType: 'InlineData', baseUrl: null },
      ],
      accessPolicies: [{ definitionId: 'a' }],
      contractPolicies: [{ definitionId: 'c' }],
    });
  });

  it('names an offer that selects no asset by its contract definition id', () => {
    expect(presentConnectorOffer(source([])).name).toBe('def-1');
  });

  it('ignores a blank name and a base URL that is not text', () => {
    expect(presentConnectorAsset(asset('a3', { name: '  ' }, { type: 'HttpData', baseUrl: 42 }))).toMatchObject({
      name: 'a3',
      baseUrl: null,
    });
  });
});
