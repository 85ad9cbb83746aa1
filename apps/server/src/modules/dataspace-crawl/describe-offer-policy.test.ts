import type { PolicyConstraint, PolicyRule } from '@dsm/connector-client';
import { describe, expect, it } from 'vitest';
import { describeOfferPolicy } from './describe-offer-policy';

const EDC = 'https://w3id.org/edc/v0.0.1/ns/';
const CX = 'https://w3id.org/catenax/policy/';

const use = (...constraints: PolicyConstraint[]): PolicyRule => ({ action: 'use', constraints });
const policy = (permissions: PolicyRule[], prohibitions: PolicyRule[] = [], obligations: PolicyRule[] = []) => ({
  permissions,
  prohibitions,
  obligations,
});

/** The description of a policy whose one permission is to use under the constraints. */
const describeUse = (...constraints: PolicyConstraint[]) => describeOfferPolicy(policy([use(...constraints)]));

describe('describeOfferPolicy', () => {
  it('says an open policy is open question by question', () => {
    expect(describeUse()).toBe(
      'Who: anyone in the data space. For: any purpose. When: without an end date. Where: anywhere.',
    );
  });

  it("answers who, for what, until when and where from the sandbox's and EDC's usual left operands", () => {
    const text = describeOfferPolicy(
      policy(
        [
          use(
            { leftOperand: `${EDC}membership`, operator: 'eq', rightOperand: 'active' },
            {
              leftOperand: 'https://w3id.org/tractusx/v0.0.1/ns/BusinessPartnerGroup',
              operator: 'isAnyOf',
              rightOperand: ['gold', 'silver'],
            },
            { leftOperand: `${EDC}purpose`, operator: 'eq', rightOperand: 'research' },
            { leftOperand: `${EDC}dateTime`, operator: 'gteq', rightOperand: '2026-01-01T00:00:00Z' },
            { leftOperand: `${EDC}dateTime`, operator: 'lt', rightOperand: '2026-12-31T23:00:00Z' },
            { leftOperand: 'http://www.w3.org/ns/odrl/2/spatial', operator: 'isAnyOf', rightOperand: ['DE', 'AT'] },
          ),
        ],
        [{ action: 'http://www.w3.org/ns/odrl/2/distribute', constraints: [] }],
        [
          {
            action: 'delete',
            constraints: [{ leftOperand: `${EDC}elapsedTime`, operator: 'eq', rightOperand: 'P30D' }],
          },
        ],
      ),
    );
    expect(text).toBe(
      'Who: active members of the data space; participants in the group gold or silver. For: research. ' +
        'When: from 2026-01-01; until 2026-12-31. Where: in DE or AT. Not allowed: distribute. ' +
        'Duties: delete when elapsedTime is P30D.',
    );
  });

  const cases: { title: string; constraints: PolicyConstraint[]; text: string }[] = [
    {
      title: 'reads Catena-X BusinessPartnerNumber and UsagePurpose, and a negated participant',
      constraints: [
        { leftOperand: `${CX}BusinessPartnerNumber`, operator: 'neq', rightOperand: 'BPNL0000000000XX' },
        {
          leftOperand: `${CX}UsagePurpose`,
          operator: 'isAnyOf',
          rightOperand: 'cx.core.industrycore:1, cx.pcf.base:1',
        },
      ],
      text:
        'Who: every participant except BPNL0000000000XX. For: cx.core.industrycore:1 or cx.pcf.base:1. ' +
        'When: without an end date. Where: anywhere.',
    },
    {
      title: 'says other conditions and alternatives in the policy’s own terms',
      constraints: [
        { leftOperand: `${CX}FrameworkAgreement`, operator: 'eq', rightOperand: 'DataExchangeGovernance:1.0' },
        {
          operator: 'or',
          constraints: [
            { leftOperand: `${EDC}purpose`, operator: 'eq', rightOperand: 'research' },
            { leftOperand: `${EDC}purpose`, operator: 'eq', rightOperand: 'teaching' },
          ],
        },
      ],
      text:
        'Who: anyone in the data space. For: any purpose. When: without an end date. Where: anywhere. ' +
        'Other conditions: FrameworkAgreement is DataExchangeGovernance:1.0; one of: purpose is research; purpose is teaching.',
    },
  ];
  for (const { title, constraints, text } of cases) {
    it(title, () => {
      expect(describeUse(...constraints)).toBe(text);
    });
  }

  it('says a policy without permissions permits nothing', () => {
    expect(describeOfferPolicy(policy([], [{ action: 'use', constraints: [] }]))).toBe(
      'Permits nothing: the provider has to be asked.',
    );
  });
});
