import { matchLicence, type TLicence } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { makeTestOffer } from '../../test/test-offer';
import { licenceLabel } from './licence-label';

const LICENCES: TLicence[] = [
  {
    licenceId: 'CC-BY-4.0',
    licenceTitle: 'Creative Commons Attribution 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    mappings: ['cc-by-4.0', 'CC BY 4.0', 'http://dcat-ap.de/def/licenses/cc-by/4.0'],
  },
  {
    licenceId: 'dl-de/by-2-0',
    licenceTitle: 'Datenlizenz Deutschland – Namensnennung – Version 2.0',
    licenceUrl: 'https://www.govdata.de/dl-de/by-2-0',
    mappings: ['dl-by-de/2.0'],
  },
];

describe('licenceLabel', () => {
  it('matches a licence by any of its mappings, URL spellings included', () => {
    expect(licenceLabel(makeTestOffer({ licences: ['CC BY 4.0'] }), LICENCES)).toBe('Creative Commons Attribution 4.0');
    expect(licenceLabel(makeTestOffer({ licences: ['http://creativecommons.org/licenses/by/4.0'] }), LICENCES)).toBe(
      'Creative Commons Attribution 4.0',
    );
  });
  it("shows 'n/a' when nothing matches", () => {
    expect(licenceLabel(makeTestOffer({ licences: ['my own terms'] }), LICENCES)).toBe('n/a');
  });
  it("shows the first licence followed by ', ...' when there are several, and repeats count once", () => {
    const offer = makeTestOffer({ sizes: [1, 2, 3], licences: ['CC-BY-4.0', 'cc-by-4.0', 'dl-by-de/2.0'] });
    expect(licenceLabel(offer, LICENCES)).toBe('Creative Commons Attribution 4.0, ...');
    const same = makeTestOffer({ sizes: [1, 2], licences: ['CC-BY-4.0', 'CC BY 4.0'] });
    expect(licenceLabel(same, LICENCES)).toBe('Creative Commons Attribution 4.0');
  });
});

describe('licenceLabel and matchLicence', () => {
  it('agree on every spelling', () => {
    for (const text of ['CC BY 4.0', 'https://www.govdata.de/dl-de/by-2-0/', 'dl-by-de/2.0', 'unknown', '']) {
      const expected = matchLicence(text, LICENCES)?.licenceTitle ?? 'n/a';
      expect(licenceLabel(makeTestOffer({ licences: [text] }), LICENCES), text).toBe(expected);
    }
  });
});
