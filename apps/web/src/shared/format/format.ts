import i18next from 'i18next';

/**
 * The app's one place for money and dates, so every page writes them alike. Money follows the
 * language's decimal separator, with two decimals, no grouping and the currency after the number,
 * as the specification writes prices ('12.50 €' in English, '12,50 €' in German). Dates use the
 * specification's dd.MM.yyyy HH:mm in every language.
 */

/** The language pages speak now; the formatters take it unless told. */
export function currentLanguage(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? 'de';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function twoDecimals(language: string): Intl.NumberFormat {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: false,
    });
    numberFormats.set(language, format);
  }
  return format;
}

/** The sign written after an amount: € for euros, the ISO code for any other currency. */
function currencySign(currency: string): string {
  return currency.toUpperCase() === 'EUR' ? '€' : currency.toUpperCase();
}

/** An amount of money: '12.50 €' (en), '12,50 €' (de, fr, es, it, pt); another currency by its code. */
export function formatMoney(amount: number, currency = 'EUR', language = currentLanguage()): string {
  return `${twoDecimals(language).format(amount)} ${currencySign(currency || 'EUR')}`;
}

/** Cents as money: 1250 is '12.50 €'. */
export function formatCents(cents: number, language = currentLanguage()): string {
  return formatMoney(cents / 100, 'EUR', language);
}

const pad = (n: number) => String(n).padStart(2, '0');

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** dd.MM.yyyy HH:mm in the browser's time zone; null when the date is missing or invalid. */
export function formatDateTime(value: string | null | undefined): string | null {
  const date = parse(value);
  if (!date) return null;
  const day = `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const berlinDay = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * dd.MM.yyyy in German time, the time zone the invoices are dated in, so a due date on screen is
 * the one printed on the PDF wherever the reader is.
 */
export function formatDay(value: string | null | undefined): string | null {
  const date = parse(value);
  return date ? berlinDay.format(date) : null;
}

/** A country's name from its ISO 3166-1 alpha-2 code in the page's language ('DE' -> 'Germany'); the code when unknown. */
export function formatCountry(code: string, language = currentLanguage()): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const quantityFormats = new Map<string, Intl.NumberFormat>();

/** A count or quantity with grouping and exactly `decimals` decimals: '1,234' (en), '1.234,500' (de). */
export function formatQuantity(value: number, decimals = 0, language = currentLanguage()): string {
  const key = `${language}:${decimals}`;
  let format = quantityFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    quantityFormats.set(key, format);
  }
  return format.format(value);
}

/** Bytes as megabytes of 10^6 bytes, the unit volume prices are in, with three decimals: '1.235 MB'. */
export function formatMegabytes(bytes: number, language = currentLanguage()): string {
  return `${formatQuantity(bytes / 1_000_000, 3, language)} MB`;
}
