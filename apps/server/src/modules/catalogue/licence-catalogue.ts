import type { TLicence } from '@dsm/contracts';
import { sql } from 'kysely';
import type { TDb } from '../../db/database';

const EU = 'http://publications.europa.eu/resource/authority/licence/';
const DCAT_AP_DE = 'http://dcat-ap.de/def/licenses/';

/**
 * The licences real portals use, each with the spellings publishers write for it: ids (CKAN, SPDX),
 * German and English titles, the licence URL with and without scheme or trailing slash, and the
 * vocabulary URIs of DCAT-AP (EU) and DCAT-AP.de (GovData). `matchLicence` compares normalised text,
 * so case, scheme, `www.` and trailing slashes need no separate entries; no two licences may share a
 * normalised name (a test checks).
 */
export const LICENCE_CATALOGUE: TLicence[] = [
  {
    licenceId: 'CC-BY-4.0',
    licenceTitle: 'Creative Commons Namensnennung 4.0 International',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    mappings: [
      'CC BY 4.0',
      'cc-by',
      'CC-BY 4.0',
      'Creative Commons Attribution 4.0 International',
      'Creative Commons Attribution 4.0 International (CC BY 4.0)',
      'Creative Commons Namensnennung – 4.0 International (CC BY 4.0)',
      'https://creativecommons.org/licenses/by/4.0/legalcode',
      'https://creativecommons.org/licenses/by/4.0/deed.de',
      'https://spdx.org/licenses/CC-BY-4.0.html',
      `${EU}CC_BY_4_0`,
      `${DCAT_AP_DE}cc-by/4.0`,
      `${DCAT_AP_DE}cc-by`,
    ],
  },
  {
    licenceId: 'CC-BY-SA-4.0',
    licenceTitle: 'Creative Commons Namensnennung – Weitergabe unter gleichen Bedingungen 4.0 International',
    licenceUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
    mappings: [
      'CC BY-SA 4.0',
      'cc-by-sa',
      'Creative Commons Attribution-ShareAlike 4.0 International',
      'Creative Commons Attribution–ShareAlike 4.0 International',
      'https://creativecommons.org/licenses/by-sa/4.0/legalcode',
      `${EU}CC_BYSA_4_0`,
      `${DCAT_AP_DE}cc-by-sa/4.0`,
      `${DCAT_AP_DE}cc-by-sa`,
    ],
  },
  {
    licenceId: 'CC-BY-3.0',
    licenceTitle: 'Creative Commons Attribution 3.0 Unported',
    licenceUrl: 'https://creativecommons.org/licenses/by/3.0/',
    mappings: [
      'CC BY 3.0',
      'CC-BY 3.0',
      'Creative Commons Namensnennung 3.0 Unported',
      'https://creativecommons.org/licenses/by/3.0/legalcode',
      `${EU}CC_BY_3_0`,
      `${DCAT_AP_DE}cc-by/3.0`,
    ],
  },
  {
    licenceId: 'CC-BY-3.0-DE',
    licenceTitle: 'Creative Commons Namensnennung 3.0 Deutschland',
    licenceUrl: 'https://creativecommons.org/licenses/by/3.0/de/',
    mappings: [
      'CC BY 3.0 DE',
      'cc-by-de-3.0',
      'Creative Commons Attribution 3.0 Germany',
      'Creative Commons Namensnennung 3.0 Deutschland (CC BY 3.0 DE)',
      'https://creativecommons.org/licenses/by/3.0/de/legalcode',
      `${DCAT_AP_DE}cc-by-de/3.0`,
    ],
  },
  {
    licenceId: 'CC-BY-NC-4.0',
    licenceTitle: 'Creative Commons Namensnennung – Nicht kommerziell 4.0 International',
    licenceUrl: 'https://creativecommons.org/licenses/by-nc/4.0/',
    mappings: [
      'CC BY-NC 4.0',
      'cc-nc',
      'Creative Commons Attribution-NonCommercial 4.0 International',
      'Creative Commons Attribution–NonCommercial 4.0 International',
      'https://creativecommons.org/licenses/by-nc/4.0/legalcode',
      `${EU}CC_BYNC_4_0`,
      `${DCAT_AP_DE}cc-by-nc/4.0`,
    ],
  },
  {
    licenceId: 'CC-BY-ND-4.0',
    licenceTitle: 'Creative Commons Namensnennung – Keine Bearbeitungen 4.0 International',
    licenceUrl: 'https://creativecommons.org/licenses/by-nd/4.0/',
    mappings: [
      'CC BY-ND 4.0',
      'Creative Commons Attribution-NoDerivatives 4.0 International',
      `${EU}CC_BYND_4_0`,
      `${DCAT_AP_DE}cc-by-nd/4.0`,
    ],
  },
  {
    licenceId: 'CC0-1.0',
    licenceTitle: 'Creative Commons CC0 1.0 Universal',
    licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
    mappings: [
      'CC0',
      'CC0 1.0',
      'cc-zero',
      'Creative Commons Zero',
      'CC0 1.0 Universell (CC0 1.0) Public Domain Dedication',
      'Public Domain Dedication (CC0 1.0)',
      'https://creativecommons.org/publicdomain/zero/1.0/legalcode',
      'https://creativecommons.org/publicdomain/zero/1.0/deed.de',
      `${EU}CC0`,
      `${DCAT_AP_DE}cc-zero`,
    ],
  },
  {
    licenceId: 'dl-de/by-2-0',
    licenceTitle: 'Datenlizenz Deutschland – Namensnennung – Version 2.0',
    licenceUrl: 'https://www.govdata.de/dl-de/by-2-0',
    mappings: [
      'dl-by-de/2.0',
      'dl-de-by-2.0',
      'DL-DE->BY-2.0',
      'Datenlizenz Deutschland Namensnennung 2.0',
      'Datenlizenz Deutschland - Namensnennung - Version 2.0',
      'Data licence Germany – attribution – version 2.0',
      'https://www.govdata.de/dl-de/by-2-0/',
      'https://spdx.org/licenses/DL-DE-BY-2.0.html',
      `${EU}DL_DE_BY_2_0`,
      `${DCAT_AP_DE}dl-by-de/2.0`,
    ],
  },
  {
    licenceId: 'dl-de/by-1-0',
    licenceTitle: 'Datenlizenz Deutschland – Namensnennung – Version 1.0',
    licenceUrl: 'https://www.govdata.de/dl-de/by-1-0',
    mappings: [
      'dl-by-de/1.0',
      'dl-de-by-1.0',
      'Datenlizenz Deutschland Namensnennung 1.0',
      'Data licence Germany – attribution – version 1.0',
      `${DCAT_AP_DE}dl-by-de/1.0`,
    ],
  },
  {
    licenceId: 'dl-de/zero-2-0',
    licenceTitle: 'Datenlizenz Deutschland – Zero – Version 2.0',
    licenceUrl: 'https://www.govdata.de/dl-de/zero-2-0',
    mappings: [
      'dl-zero-de/2.0',
      'dl-de-zero-2.0',
      'DL-DE->Zero-2.0',
      'Datenlizenz Deutschland Zero 2.0',
      'Data licence Germany – Zero – version 2.0',
      'https://spdx.org/licenses/DL-DE-ZERO-2.0.html',
      `${EU}DL_DE_ZERO_2_0`,
      `${DCAT_AP_DE}dl-zero-de/2.0`,
    ],
  },
  {
    licenceId: 'ODbL-1.0',
    licenceTitle: 'Open Data Commons Open Database License (ODbL) 1.0',
    licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
    mappings: [
      'ODbL',
      'odc-odbl',
      'Open Database License',
      'Open Data Commons Open Database License (ODbL)',
      'http://opendatacommons.org/licenses/odbl/1.0/',
      'https://opendatacommons.org/licenses/odbl/',
      `${EU}ODC_BL`,
      `${DCAT_AP_DE}odbl`,
    ],
  },
  {
    licenceId: 'ODC-BY-1.0',
    licenceTitle: 'Open Data Commons Attribution License 1.0',
    licenceUrl: 'https://opendatacommons.org/licenses/by/1-0/',
    mappings: [
      'ODC-BY',
      'odc-by',
      'Open Data Commons Attribution License',
      'http://opendatacommons.org/licenses/by/1.0/',
      `${EU}ODC_BY`,
      `${DCAT_AP_DE}odby`,
    ],
  },
  {
    licenceId: 'PDDL-1.0',
    licenceTitle: 'Open Data Commons Public Domain Dedication and License 1.0',
    licenceUrl: 'https://opendatacommons.org/licenses/pddl/1-0/',
    mappings: [
      'PDDL',
      'odc-pddl',
      'ODC-PDDL-1.0',
      'Open Data Commons Public Domain Dedication and License (PDDL)',
      'http://opendatacommons.org/licenses/pddl/1.0/',
      `${EU}ODC_PDDL`,
      `${DCAT_AP_DE}odcpddl`,
    ],
  },
  {
    licenceId: 'GPL-3.0',
    licenceTitle: 'GNU General Public License version 3.0',
    licenceUrl: 'https://www.gnu.org/licenses/gpl-3.0.html',
    mappings: [
      'gpl-3.0',
      'GPL-3.0-only',
      'GNU GPL v3',
      'GNU General Public License v3.0',
      'http://www.opensource.org/licenses/gpl-3.0',
      `${EU}GPL_3_0`,
      `${DCAT_AP_DE}gpl/3.0`,
    ],
  },
  {
    licenceId: 'Apache-2.0',
    licenceTitle: 'Apache License, Version 2.0',
    licenceUrl: 'https://www.apache.org/licenses/LICENSE-2.0',
    mappings: [
      'Apache 2.0',
      'apache',
      'Apache License 2.0',
      'http://www.apache.org/licenses/LICENSE-2.0.html',
      `${EU}APACHE_2_0`,
      `${DCAT_AP_DE}apache`,
    ],
  },
  {
    licenceId: 'MIT',
    licenceTitle: 'MIT License',
    licenceUrl: 'https://opensource.org/licenses/MIT',
    mappings: ['The MIT License', 'MIT Lizenz', 'https://opensource.org/license/mit/', `${EU}MIT`, `${DCAT_AP_DE}mit`],
  },
  {
    licenceId: 'OGL-UK-3.0',
    licenceTitle: 'Open Government Licence v3.0',
    licenceUrl: 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/',
    mappings: [
      'uk-ogl',
      'OGL-3.0',
      'OGL v3',
      'Open Government Licence 3.0 (OGL)',
      'http://www.nationalarchives.gov.uk/doc/open-government-licence/',
      `${EU}OGL_3_0`,
    ],
  },
  {
    licenceId: 'etalab-2.0',
    licenceTitle: 'Licence Ouverte / Open Licence version 2.0',
    licenceUrl: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence',
    mappings: [
      'Licence Ouverte 2.0',
      'Licence Ouverte v2.0 (Etalab)',
      'lo-2.0',
      'fr-lo',
      'Open Licence 2.0',
      'https://www.etalab.gouv.fr/wp-content/uploads/2017/04/ETALAB-Licence-Ouverte-v2.0.pdf',
      'https://spdx.org/licenses/etalab-2.0.html',
    ],
  },
  {
    licenceId: 'GeoNutzV',
    licenceTitle: 'Nutzungsbedingungen für die Bereitstellung von Geodaten des Bundes',
    licenceUrl: 'https://www.gesetze-im-internet.de/geonutzv/',
    mappings: [
      'geoNutz/20130319',
      'GeoNutzV',
      'Geodatennutzungsverordnung',
      'Verordnung zur Festlegung der Nutzungsbestimmungen für die Bereitstellung von Geodaten des Bundes',
      'http://www.gesetze-im-internet.de/geonutzv/index.html',
      `${DCAT_AP_DE}geoNutz/20130319`,
    ],
  },
  {
    licenceId: 'other-open',
    licenceTitle: 'Andere offene Lizenz',
    licenceUrl: `${DCAT_AP_DE}other-open`,
    mappings: ['Other (Open)', 'other-open', 'Sonstige offene Lizenz', 'Andere (Open)'],
  },
  {
    licenceId: 'other-commercial',
    licenceTitle: 'Andere kommerzielle Lizenz',
    licenceUrl: `${DCAT_AP_DE}other-commercial`,
    mappings: [
      'Other (Commercial)',
      'other-commercial',
      'Kommerzielle Lizenz',
      'Commercial licence',
      'Nutzung gegen Entgelt',
    ],
  },
  {
    licenceId: 'other-closed',
    licenceTitle: 'Andere geschlossene Lizenz (proprietär)',
    licenceUrl: `${DCAT_AP_DE}other-closed`,
    mappings: [
      'Other (Not Open)',
      'other-closed',
      'Proprietary',
      'proprietär',
      'Proprietäre Lizenz',
      'All rights reserved',
      'Alle Rechte vorbehalten',
      'Andere (nicht offen)',
    ],
  },
];

/**
 * Writes the licence catalogue, replacing the title, URL and mappings of licences already present,
 * so a changed catalogue reaches existing databases at the next start.
 */
export async function seedLicences(db: TDb): Promise<number> {
  await db
    .insertInto('licences')
    .values(
      LICENCE_CATALOGUE.map((licence) => ({
        id: licence.licenceId,
        title: licence.licenceTitle,
        url: licence.licenceUrl,
        mappings: licence.mappings,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({
        title: sql`excluded.title`,
        url: sql`excluded.url`,
        mappings: sql`excluded.mappings`,
      }),
    )
    .execute();
  return LICENCE_CATALOGUE.length;
}
