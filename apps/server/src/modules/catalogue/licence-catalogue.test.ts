import { matchLicence, normaliseLicenceText, ZLicence } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { LICENCE_CATALOGUE } from './licence-catalogue';

describe('LICENCE_CATALOGUE', () => {
  it('has valid, uniquely named entries', () => {
    for (const licence of LICENCE_CATALOGUE) expect(() => ZLicence.parse(licence)).not.toThrow();
    expect(new Set(LICENCE_CATALOGUE.map((licence) => licence.licenceId)).size).toBe(LICENCE_CATALOGUE.length);
  });

  it('never gives two licences the same normalised name, so matching is unambiguous', () => {
    const owner = new Map<string, string>();
    for (const licence of LICENCE_CATALOGUE) {
      for (const name of [licence.licenceId, licence.licenceTitle, licence.licenceUrl, ...licence.mappings]) {
        const key = normaliseLicenceText(name);
        const previous = owner.get(key);
        if (previous && previous !== licence.licenceId)
          throw new Error(`${name} names ${previous} and ${licence.licenceId}`);
        owner.set(key, licence.licenceId);
      }
    }
  });

  it.each([
    ['http://publications.europa.eu/resource/authority/licence/CC_BY_4_0', 'CC-BY-4.0'],
    ['http://dcat-ap.de/def/licenses/dl-by-de/2.0', 'dl-de/by-2-0'],
    ['https://www.govdata.de/dl-de/by-2-0/', 'dl-de/by-2-0'],
    ['govdata.de/dl-de/zero-2-0', 'dl-de/zero-2-0'],
    ['http://creativecommons.org/licenses/by/4.0', 'CC-BY-4.0'],
    ['  cc-by-sa  ', 'CC-BY-SA-4.0'],
    ['CC0', 'CC0-1.0'],
    ['odc-odbl', 'ODbL-1.0'],
    ['Licence Ouverte 2.0', 'etalab-2.0'],
    ['http://dcat-ap.de/def/licenses/geoNutz/20130319', 'GeoNutzV'],
    ['Proprietary', 'other-closed'],
    ['uk-ogl', 'OGL-UK-3.0'],
  ])('matches %s as %s', (text, id) => {
    expect(matchLicence(text, LICENCE_CATALOGUE)?.licenceId).toBe(id);
  });

  it('matches nothing for text no portal uses for a catalogue licence', () => {
    expect(matchLicence('Nutzungsbedingungen siehe Website', LICENCE_CATALOGUE)).toBeNull();
    expect(matchLicence('Creative Commons', LICENCE_CATALOGUE)).toBeNull();
  });
});
