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

/**
 * The decimal separator of a language the app speaks: a point in English, a comma in German, French,
 * Spanish, Italian and Portuguese. Money is written without grouping, so the separator is all that
 * differs; written by hand rather than with Intl.NumberFormat, whose first use loads the locale's
 * number data and held a slow phone up for 70 ms as a page drew its first price.
 */
export function decimalSeparator(language: string): string {
  return language.toLowerCase().startsWith('en') ? '.' : ',';
}

/**
 * Two decimals, rounded as Intl.NumberFormat rounds: half away from zero on the number as it is written
 * (0.015 is '0.02', although the double nearest to 0.015 lies just below it). 12.5 is '12.50' (en),
 * '12,50' (de).
 */
function twoDecimals(amount: number, language: string): string {
  const size = Math.abs(amount);
  // Shifting the written digits ('0.015e2') rounds the decimal the amount was written as, not its double.
  const cents = Math.round(Number(`${size}e2`));
  const fixed = Number.isFinite(cents) ? (cents / 100).toFixed(2) : size.toFixed(2);
  const sign = amount < 0 && fixed !== '0.00' ? '-' : '';
  return `${sign}${fixed.replace('.', decimalSeparator(language))}`;
}

/** The sign written after an amount: € for euros, the ISO code for any other currency. */
function currencySign(currency: string): string {
  return currency.toUpperCase() === 'EUR' ? '€' : currency.toUpperCase();
}

/** An amount of money: '12.50 €' (en), '12,50 €' (de, fr, es, it, pt); another currency by its code. */
export function formatMoney(amount: number, currency = 'EUR', language = currentLanguage()): string {
  return `${twoDecimals(amount, language)} ${currencySign(currency || 'EUR')}`;
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

/**
 * Made at the first German day written, not when the module loads: a formatter with a time zone
 * reads the zone's data, which costs a slow phone tens of milliseconds on pages that show no such day.
 */
let berlinDay: Intl.DateTimeFormat | null = null;

/**
 * dd.MM.yyyy in German time, the time zone the invoices are dated in, so a due date on screen is
 * the one printed on the PDF wherever the reader is.
 */
export function formatDay(value: string | null | undefined): string | null {
  const date = parse(value);
  if (!date) return null;
  berlinDay ??= new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return berlinDay.format(date);
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

/**
 * How the six languages group a whole number's thousands, as Intl.NumberFormat does (CLDR): the
 * separator, and whether a four-digit number is grouped at all (Spanish and Italian write '1234' but
 * '12.345'). French groups with a narrow no-break space.
 */
const INTEGER_GROUPING: Record<string, { separator: string; isFourDigitsGrouped: boolean }> = {
  en: { separator: ',', isFourDigitsGrouped: true },
  de: { separator: '.', isFourDigitsGrouped: true },
  fr: { separator: '\u202f', isFourDigitsGrouped: true },
  es: { separator: '.', isFourDigitsGrouped: false },
  it: { separator: '.', isFourDigitsGrouped: false },
  pt: { separator: '.', isFourDigitsGrouped: true },
};

/**
 * A whole number as Intl.NumberFormat writes it in one of the six languages (rounded half away from
 * zero), or null for another language or a number beyond the safe integers.
 */
function formatWholeNumber(value: number, language: string): string | null {
  const grouping = INTEGER_GROUPING[language];
  const size = Math.round(Math.abs(value));
  if (!grouping || !Number.isSafeInteger(size)) return null;
  const digits = String(size);
  const isGrouped = digits.length > 4 || (digits.length === 4 && grouping.isFourDigitsGrouped);
  const grouped = isGrouped ? digits.replace(/\B(?=(\d{3})+$)/g, grouping.separator) : digits;
  return value < 0 || Object.is(value, -0) ? `-${grouped}` : grouped;
}

/**
 * A count or quantity with grouping and exactly `decimals` decimals: '1,234' (en), '1.234,500' (de).
 * Whole numbers in the six languages are written by hand: the first Intl.NumberFormat of a page loads
 * the language's number data, which held a slow phone up for about 200 ms as the results page drew its
 * paging ('Page 1 of 41').
 */
export function formatQuantity(value: number, decimals = 0, language = currentLanguage()): string {
  const whole = decimals === 0 ? formatWholeNumber(value, language) : null;
  if (whole !== null) return whole;
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

/** A share as the number of a percentage, in the page's language, at most one decimal: 0.125 is '12.5' (en), '12,5' (de). */
export function formatPercentNumber(share: number, language = currentLanguage()): string {
  const tenths = Math.round(share * 1000) / 10;
  return String(tenths).replace('.', decimalSeparator(language));
}
