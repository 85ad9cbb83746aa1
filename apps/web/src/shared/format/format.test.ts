import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, LANGUAGES, loadLanguage } from '../../i18n';
import { formatCents, formatDateTime, formatDay, formatMoney, formatPercentNumber, formatQuantity } from './format';

afterEach(async () => {
  await changeLanguage('en');
});

describe('formatMoney', () => {
  it('writes two decimals and the euro sign after the number, with each language separator', () => {
    const expected: Record<(typeof LANGUAGES)[number], string> = {
      de: '5,00 €',
      en: '5.00 €',
      fr: '5,00 €',
      es: '5,00 €',
      it: '5,00 €',
      pt: '5,00 €',
    };
    for (const language of LANGUAGES) expect(formatMoney(5, 'EUR', language), language).toBe(expected[language]);
  });

  it('rounds to cents and does not group thousands, as the specification writes prices', () => {
    expect(formatMoney(1234.565, 'EUR', 'en')).toBe('1234.57 €');
    expect(formatMoney(1234.5, 'EUR', 'de')).toBe('1234,50 €');
    expect(formatCents(123456, 'de')).toBe('1234,56 €');
    expect(formatCents(0, 'en')).toBe('0.00 €');
  });

  it('writes every amount as Intl.NumberFormat would, in every language, negative ones and halves included', () => {
    const amounts = [0, 0.005, 0.015, 0.125, 1.005, 2.675, 9.995, 12.5, 99.99, 1234.565, 1e6 + 0.445, -3.5, -0.125];
    for (let cents = 0; cents < 2000; cents += 7) amounts.push(cents / 100, cents / 1000);
    for (const language of LANGUAGES) {
      const intl = new Intl.NumberFormat(language, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: false,
      });
      for (const amount of amounts)
        expect(formatMoney(amount, 'EUR', language), `${amount} ${language}`).toBe(`${intl.format(amount)} €`);
    }
  });

  it('names another currency by its code', () => {
    expect(formatMoney(49.5, 'usd', 'en')).toBe('49.50 USD');
    expect(formatMoney(49.5, 'CHF', 'de')).toBe('49,50 CHF');
  });

  it('follows the language the pages speak when none is given', async () => {
    expect(formatMoney(49.5)).toBe('49.50 €');
    await changeLanguage('de');
    expect(formatMoney(49.5)).toBe('49,50 €');
    expect(await loadLanguage('fr')).toBe(true);
    await changeLanguage('fr');
    expect(formatCents(4950)).toBe('49,50 €');
  });
});

describe('formatDateTime', () => {
  it('formats dd.MM.yyyy HH:mm in local time, in every language', async () => {
    const value = new Date(2024, 2, 5, 7, 9).toISOString();
    expect(formatDateTime(value)).toBe('05.03.2024 07:09');
    await changeLanguage('de');
    expect(formatDateTime(value)).toBe('05.03.2024 07:09');
    expect(formatDateTime(new Date(1999, 11, 31, 23, 59, 59).toISOString())).toBe('31.12.1999 23:59');
  });

  it('answers null for invalid or missing dates', () => {
    expect(formatDateTime('not a date')).toBeNull();
    expect(formatDateTime('')).toBeNull();
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime(undefined)).toBeNull();
  });
});

describe('formatDay', () => {
  it('dates in German time, as the invoices are', () => {
    expect(formatDay('2026-11-26T23:30:00Z')).toBe('27.11.2026');
    expect(formatDay('nonsense')).toBeNull();
  });
});

describe('formatPercentNumber', () => {
  it("writes a share's percentage with the language's decimal separator", () => {
    expect(formatPercentNumber(0.125, 'en')).toBe('12.5');
    expect(formatPercentNumber(0.125, 'de')).toBe('12,5');
    expect(formatPercentNumber(0.1, 'de')).toBe('10');
  });
});

describe('formatQuantity of whole numbers', () => {
  const languages = ['en', 'de', 'fr', 'es', 'it', 'pt'];
  const values = [
    0, -0, 1, 7, 999, 999.5, 1000, 1234, -1234, 9999, 10000, 12345, 100000, 1234567, 2.5, -2.5, -0.2, 1e15,
  ];

  // First: the formatters of the test below stay cached in the module.
  it('draws a page count without loading the language number data of Intl (a slow phone waited 200 ms)', () => {
    const spy = vi.spyOn(Intl, 'NumberFormat');
    try {
      expect(formatQuantity(1001, 0, 'de')).toBe('1.001');
      expect(formatQuantity(41, 0, 'it')).toBe('41');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('writes them as Intl.NumberFormat does in each of the six languages', () => {
    for (const language of languages) {
      const intl = new Intl.NumberFormat(language, { minimumFractionDigits: 0, maximumFractionDigits: 0 });
      for (const value of values)
        expect(`${language} ${formatQuantity(value, 0, language)}`).toBe(`${language} ${intl.format(value)}`);
    }
  });
});
