import { describe, expect, it } from 'vitest';
import { EU_FILE_TYPES } from './file-types';
import { FORMATS, formatLabel, SPEC_FORMATS, ZAssetInfo } from './offer-creation';

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
    expect(formatLabel('csv')).toBe('csv');
  });
});
