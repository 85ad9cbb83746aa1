import type { TLicence } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { makeTestItem } from '../../test/test-item';
import { dataFormats, endpointRows, usableLink } from './endpoint-rows';

const LICENCES: TLicence[] = [
  {
    licenceId: 'CC-BY-4.0',
    licenceTitle: 'Creative Commons Attribution 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    mappings: ['cc-by-4.0'],
  },
];

describe('endpointRows', () => {
  it('matches licences, keeps links and pairs each distribution with its check', () => {
    const item = makeTestItem({
      sizes: [1, 2, 3],
      licences: ['cc-by-4.0', 'https://example.org/my-licence', 'home-made'],
      links: ['https://data.example.org/a.csv', 'N/A', null],
      checks: [{ status: 'online', byteSize: 10 }, { status: 'missing' }, { status: 'missing' }],
    });
    const rows = endpointRows(item, LICENCES);
    expect(rows.map((row) => [row.name, row.type, row.licence, row.licenceUrl, row.link, row.check.status])).toEqual([
      [
        'File 0',
        'CSV',
        'Creative Commons Attribution 4.0',
        'https://creativecommons.org/licenses/by/4.0/',
        'https://data.example.org/a.csv',
        'online',
      ],
      ['File 1', 'CSV', 'n/a', 'https://example.org/my-licence', null, 'missing'],
      ['File 2', 'CSV', 'n/a', null, null, 'missing'],
    ]);
  });

  it('lists each data format once', () => {
    expect(dataFormats(makeTestItem({ sizes: [1, 2] }))).toEqual(['CSV']);
  });

  it("treats 'N/A' in any case and blanks as no link", () => {
    expect(usableLink(' n/a ')).toBeNull();
    expect(usableLink('')).toBeNull();
    expect(usableLink(' https://x.example/a ')).toBe('https://x.example/a');
  });
});
