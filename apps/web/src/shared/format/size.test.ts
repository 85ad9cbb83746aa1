import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { formatByteSize, formatStatedSize } from './size';

afterEach(async () => {
  await changeLanguage('en');
});

describe('formatByteSize', () => {
  it("writes sizes with the decimal separator of the page's language, as its prices are", async () => {
    const bytes = 1.75 * 1024 * 1024;
    expect(formatByteSize(bytes, 'en')).toBe('1.75 MB');
    for (const language of ['de', 'fr', 'es', 'it', 'pt']) expect(formatByteSize(bytes, language)).toBe('1,75 MB');
    await changeLanguage('de');
    expect(formatByteSize(bytes)).toBe('1,75 MB');
  });

  it('keeps the specification 1024-based units with two decimals, and null for no size', () => {
    expect(formatByteSize(0, 'de')).toBe('0,00 B');
    expect(formatByteSize(1536, 'de')).toBe('1,50 KB');
    expect(formatByteSize(1024 ** 9, 'en')).toBe('1024.00 YB');
    expect(formatByteSize(null)).toBeNull();
    expect(formatByteSize(-1)).toBeNull();
  });
});

describe('formatStatedSize', () => {
  it("writes a supplier's size and unit in the page's language", () => {
    expect(formatStatedSize(1.5, 'MB', 'de')).toBe('1,5 MB');
    expect(formatStatedSize(1.5, 'MB', 'en')).toBe('1.5 MB');
    expect(formatStatedSize(20, 'GB', 'fr')).toBe('20 GB');
  });
});
