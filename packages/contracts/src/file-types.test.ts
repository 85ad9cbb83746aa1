import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EU_FILE_TYPES } from './file-types';
import { FORMATS, formatLabel, formatName, SPEC_FORMATS, WIZARD_FORMATS, ZAssetInfo } from './offer-creation';

const ENDPOINT = {
  mimeType: 'application/json',
  format: 'json',
  endpointTitle: 'Pegel',
  endpointDescription: 'Pegelstände',
  accessUrl: 'https://data.example.org/pegel',
  filesize: 0,
  sizeUnit: 'MB',
};

describe('the wizard formats', () => {
  it('offer the formats the catalogue publishes that the specification lacks', () => {
    for (const format of ['GeoJSON', 'WMS', 'WFS', 'XLSX', 'Parquet', 'SHP']) {
      expect(FORMATS, format).toContain(format);
      expect(ZAssetInfo.safeParse({ ...ENDPOINT, format }).success, format).toBe(true);
    }
  });

  it('keep the specification 20 first, and repeat none of them', () => {
    expect(FORMATS.slice(0, 20)).toEqual([...SPEC_FORMATS]);
    const lower = FORMATS.map((format) => format.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });

  it('still refuse a format outside the vocabulary', () => {
    const result = ZAssetInfo.safeParse({ ...ENDPOINT, format: 'geojsonx' });
    expect(result.success).toBe(false);
  });

  it('name each EU type by its authority code and label it for people', () => {
    expect(new Set(EU_FILE_TYPES.map((type) => type.code)).size).toBe(EU_FILE_TYPES.length);
    expect(formatLabel('SHP')).toBe('SHP (Shapefile)');
    expect(formatLabel('WFS')).toBe('WFS (Web Feature Service)');
    expect(formatLabel('anything-else')).toBe('anything-else');
  });

  it('list data formats only, each once, with a label in one style, by label from A to Z', () => {
    for (const notData of ['css', 'javascript', 'x-www-form-urlencoded']) expect(WIZARD_FORMATS).not.toContain(notData);
    // 'plain' and TXT are one format: the list offers it once.
    expect(WIZARD_FORMATS.filter((format) => /plain text/.test(formatLabel(format)))).toEqual(['TXT']);
    for (const format of WIZARD_FORMATS) {
      // The name people know the format by first, never a bare lower-case media subtype like 'csv'.
      expect(formatLabel(format), format).toMatch(/^[A-Z]/);
    }
    expect(formatLabel('csv')).toBe('CSV (comma-separated values)');
    expect(formatLabel('XLSX')).toBe('XLSX (Excel)');
    const labels = WIZARD_FORMATS.map(formatLabel);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('keep accepting the formats the wizard no longer offers, so stored offers stay valid', () => {
    for (const format of ['css', 'javascript', 'x-www-form-urlencoded', 'plain'])
      expect(ZAssetInfo.safeParse({ ...ENDPOINT, format }).success, format).toBe(true);
  });
});

describe('a format name', () => {
  it('is the name people know the format by, however the catalogue spelled it', () => {
    for (const [stored, name] of <[string, string][]>[
      ['GEOJSON', 'GeoJSON'],
      ['geojson', 'GeoJSON'],
      ['GeoJSON', 'GeoJSON'],
      ['csv', 'CSV'],
      ['CSV', 'CSV'],
      ['text/csv', 'CSV'],
      ['xlsx', 'XLSX'],
      ['PARQUET', 'Parquet'],
      ['WMS_SRVC', 'WMS'],
      ['ld+json', 'JSON-LD'],
      ['plain', 'TXT'],
    ])
      expect(formatName(stored), stored).toBe(name);
  });

  it('keeps a format no list knows as written', () => {
    expect(formatName('SOSI')).toBe('SOSI');
  });

  it('come from a module without schemas, which the result cards import', () => {
    // The results page evaluates what the cards import before its first result: the wizard's zod
    // schemas cost a phone seconds there. format-names.ts and what it imports stay plain data.
    const imports = (file: string) =>
      [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map(
        (match) => match[1],
      );
    expect(imports('./format-names.ts')).toEqual(['./file-types']);
    expect(imports('./file-types.ts')).toEqual([]);
  });
});
