import { describe, expect, it } from 'vitest';
import { isPhoneNumber, isValidVatId, ORGANISATION_RULES, ZOrganisationInput } from './organisation';
import { isReverseChargeParty } from './own-organisation';

const valid = {
  legalName: 'Muster Daten GmbH',
  street: 'Königsallee 1',
  postalCode: '40212',
  city: 'Düsseldorf',
  country: 'DE',
  vatId: 'DE136695976',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  contactEmail: 'billing@muster.example',
};

describe('organisation input', () => {
  it('accepts a complete German supplier and stores IBAN and VAT ID without spaces', () => {
    const parsed = ZOrganisationInput.parse(valid);
    expect(parsed.iban).toBe('DE89370400440532013000');
    expect(parsed.vatId).toBe('DE136695976');
  });

  it("checks the VAT ID against the organisation's country", () => {
    expect(isValidVatId('DE136695976', 'DE')).toBe(true);
    expect(isValidVatId('DE12345678', 'DE')).toBe(false);
    expect(isValidVatId('DE136695976', 'FR')).toBe(false);
    expect(isValidVatId('FR40303265045', 'FR')).toBe(true);
    expect(isValidVatId('EL094259216', 'GR')).toBe(true);
  });

  it('names the field of a bad VAT ID, IBAN and BIC', () => {
    const result = ZOrganisationInput.safeParse({
      ...valid,
      vatId: 'DE1234',
      iban: 'DE89370400440532013001',
      bic: 'NOTABIC',
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['vatId', ORGANISATION_RULES.VAT_ID],
        ['iban', ORGANISATION_RULES.IBAN],
        ['bic', ORGANISATION_RULES.BIC],
      ]),
    );
  });

  it('lets a buyer leave VAT ID and bank account empty, but not half a bank account', () => {
    expect(ZOrganisationInput.safeParse({ ...valid, vatId: '', iban: '', bic: '' }).success).toBe(true);
    const result = ZOrganisationInput.safeParse({ ...valid, bic: '' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['bic']);
  });

  it('refuses an unknown country code', () => {
    const result = ZOrganisationInput.safeParse({ ...valid, country: 'XX', vatId: '' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['country', ORGANISATION_RULES.COUNTRY],
    ]);
  });
});

describe('isReverseChargeParty', () => {
  it('is true for an EU business outside Germany with a VAT ID, and only for it', () => {
    expect(isReverseChargeParty({ country: 'FR', vatId: 'FR40303265045' })).toBe(true);
    expect(isReverseChargeParty({ country: 'FR', vatId: '' })).toBe(false);
    expect(isReverseChargeParty({ country: 'DE', vatId: 'DE281963546' })).toBe(false);
    expect(isReverseChargeParty({ country: 'CH', vatId: 'CHE123456789' })).toBe(false);
  });
});

describe('the contact telephone', () => {
  it('is optional, kept as typed but trimmed, and must look like a telephone number', () => {
    expect(ZOrganisationInput.parse({ ...valid }).contactPhone).toBe('');
    expect(ZOrganisationInput.parse({ ...valid, contactPhone: ' +49 211 555-0100 ' }).contactPhone).toBe(
      '+49 211 555-0100',
    );
    expect(isPhoneNumber('(0211) 555 01 00')).toBe(true);
    for (const wrong of ['call me', '+49 12', '+49 211 555 0100 0100 0100 0100 99']) {
      const result = ZOrganisationInput.safeParse({ ...valid, contactPhone: wrong });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['contactPhone', ORGANISATION_RULES.PHONE],
      ]);
    }
  });
});
