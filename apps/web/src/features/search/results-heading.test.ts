import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../i18n/de.json';
import en from '../../i18n/en.json';
import { formatCount, foundHeading } from './results-heading';

async function translator(lng: 'de' | 'en') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { de: { translation: de }, en: { translation: en } }, showSupportNotice: false });
  return i18n.t;
}

describe('formatCount', () => {
  it('uses the en-US format', () => {
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(10000)).toBe('10,000');
    expect(formatCount(7)).toBe('7');
  });

  it('writes every count as Intl.NumberFormat writes it in en-US', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const counts = [0, 1, 12, 999, 1000, 1001, 99_999, 100_000, 123_456_789, 1_000_000_000, -1, -1234];
    for (let count = 0; count < 3_000_000; count += 7919) counts.push(count);
    for (const count of counts) expect(formatCount(count), String(count)).toBe(intl.format(count));
  });
});

describe('foundHeading', () => {
  it('says how many were found, in en-US format', async () => {
    const t = await translator('en');
    expect(foundHeading(t, 1234, false)).toBe('1,234 datasets found');
    expect(foundHeading(t, 1, false)).toBe('1 dataset found');
    expect(foundHeading(t, 0, false)).toBe('0 datasets found');
    expect(foundHeading(t, 10000, true)).toBe('10,000+ datasets found');
  });
  it('speaks German with the same number format', async () => {
    const t = await translator('de');
    expect(foundHeading(t, 1234, false)).toBe('1,234 Datensätze gefunden');
    expect(foundHeading(t, 10000, true)).toBe('Mehr als 10,000 Datensätze gefunden');
  });
});
