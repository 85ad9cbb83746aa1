import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import { initI18n, LANGUAGE_NAMES, LANGUAGES, languageReady, loadLanguage } from './index';
import it_ from './it.json';
import pt from './pt.json';

/** Every language's dictionary; German is the reference whose keys all others must have. */
const DICTIONARIES = { de, en, fr, es, it: it_, pt } as const;

function entriesOf(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => entriesOf(child, prefix ? `${prefix}.${key}` : key));
}
const keysOf = (value: unknown) => entriesOf(value).map(([key]) => key);
/** i18next's plural suffixes: a key with a count has one form per plural category of its language. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** The keys with the plural forms folded into one, so languages with more forms compare equal. */
const baseKeysOf = (value: unknown) => [...new Set(keysOf(value).map((key) => key.replace(PLURAL_SUFFIX, '')))];
const placeholdersOf = (text: unknown) =>
  [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('translations', () => {
  it('cover the six languages of the selector, each named in its own language', () => {
    expect(Object.keys(DICTIONARIES).sort()).toEqual([...LANGUAGES].sort());
    expect(LANGUAGES.map((language) => LANGUAGE_NAMES[language])).toEqual([
      'Deutsch',
      'English',
      'Français',
      'Español',
      'Italiano',
      'Português',
    ]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'de'))('%s has exactly the keys German has', (language) => {
    const keys = new Set(baseKeysOf(DICTIONARIES[language]));
    const germanKeys = new Set(baseKeysOf(de));
    expect(
      [...germanKeys].filter((key) => !keys.has(key)),
      'missing',
    ).toEqual([]);
    expect(
      [...keys].filter((key) => !germanKeys.has(key)),
      'not in German',
    ).toEqual([]);
  });

  it.each(LANGUAGES)('%s has no empty texts and keeps every placeholder of the German text', (language) => {
    const german = new Map(entriesOf(de).map(([key, text]) => [key.replace(PLURAL_SUFFIX, '_other'), text]));
    for (const [key, text] of entriesOf(DICTIONARIES[language])) {
      expect(typeof text === 'string' && text.trim() !== '', `${language}: ${key} is empty`).toBe(true);
      const germanKey = key.replace(PLURAL_SUFFIX, '_other');
      expect(placeholdersOf(text), `${language}: ${key}`).toEqual(placeholdersOf(german.get(germanKey)));
    }
  });

  it.each(LANGUAGES)('%s has every plural form its language uses for each counted text', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    // Intl's 'pt' is Brazilian, which counts 0 as one; the texts are European Portuguese, where 0 is
    // plural, so each counted text also has the zero form i18next prefers for a count of 0.
    if (language === 'pt') categories.push('zero');
    categories.sort();
    const forms = new Map<string, string[]>();
    for (const key of keysOf(DICTIONARIES[language])) {
      const match = PLURAL_SUFFIX.exec(key);
      if (!match) continue;
      const base = key.slice(0, match.index);
      forms.set(base, [...(forms.get(base) ?? []), match[1] as string]);
    }
    expect(forms.size).toBeGreaterThan(0);
    for (const [base, found] of forms) expect(found.sort(), `${language}: ${base}`).toEqual(categories);
  });

  it.each(['fr', 'es', 'it', 'pt'] as const)('%s counts a million results in its own words', async (language) => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { de: { translation: de }, [language]: { translation: DICTIONARIES[language] } },
      lng: language,
      fallbackLng: 'de',
      showSupportNotice: false,
    });
    const million = i18n.t('results.found', { count: 1_000_000 });
    expect(million).toBe(DICTIONARIES[language].results.found_many.replace('{{count}}', '1000000'));
    expect(million).not.toContain(de.results.found_other.replace('{{count}} ', ''));
    expect(i18n.t('results.found', { count: 2 })).toBe(
      DICTIONARIES[language].results.found_other.replace('{{count}}', '2'),
    );
  });

  it.each(['fr', 'es', 'it', 'pt'] as const)('%s is translated, not a copy of English', (language) => {
    const english = new Map(entriesOf(en));
    const entries = entriesOf(DICTIONARIES[language]);
    // Product name, units, codes and placeholders-only texts may read the same in every language.
    const same = entries.filter(([key, text]) => english.get(key) === text && /[a-z]{4,}/i.test(String(text)));
    expect(same.length / entries.length).toBeLessThan(0.05);
  });

  it.each(LANGUAGES)('%s counts nothing in the plural, as its speakers do', async (language) => {
    await loadLanguage(language);
    const t = i18next.getFixedT(language);
    const expected = {
      de: 'Gefällt 0 Mal',
      en: '0 likes',
      fr: '0 j’aime',
      es: '0 me gusta',
      it: '0 mi piace',
      pt: '0 gostos',
    };
    expect(t('offer.likes', { count: 0 })).toBe(expected[language]);
    if (language === 'pt') {
      expect(t('offer.likes', { count: 1 })).toBe('1 gosto');
      expect(t('results.found', { count: 0 })).toBe('0 conjuntos de dados encontrados');
    }
  });

  it.each(LANGUAGES)('%s names datasets with one word', (language) => {
    // The word each language uses is 'Datensatz', 'dataset', 'jeu de données', 'conjunto de datos',
    // 'set di dati' and 'conjunto de dados'; these are the other words that crept in beside it.
    const others: Record<(typeof LANGUAGES)[number], RegExp> = {
      de: /\bDatasets?\b/,
      en: /\bdata sets?\b/i,
      fr: /ensembles? de données|\bdatasets?\b/i,
      es: /\bdatasets?\b/i,
      it: /insiem[ei] di dati|\bdatasets?\b/i,
      pt: /\bdatasets?\b/i,
    };
    const mixed = entriesOf(DICTIONARIES[language]).filter(([, text]) => others[language].test(String(text)));
    expect(mixed.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('keep the specification texts in English', () => {
    expect(en.home.heading).toBe('Your access to millions of datasets');
    expect(en.search.queryTooLarge).toBe('Query size exceeded! Max 20 queries or 2000 characters allowed');
    expect(en.results.found_other).toBe('{{count}} datasets found');
  });

  it('loads a language that is not bundled on first use', async () => {
    expect(await loadLanguage('pt')).toBe(true);
  });

  it('starts a remembered English in German only until its file arrives, then speaks English', async () => {
    // As on a page load: English is not in the first download (the tests' setup has loaded it).
    i18next.removeResourceBundle('en', 'translation');
    await i18next.changeLanguage('de');
    localStorage.setItem('language', 'en');
    initI18n();
    expect(i18next.t('home.heading')).toBe(de.home.heading);
    await languageReady();
    expect(i18next.language).toBe('en');
    expect(i18next.t('home.heading')).toBe('Your access to millions of datasets');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts German at once, with nothing to wait for', async () => {
    initI18n('de');
    expect(i18next.language).toBe('de');
    expect(i18next.t('home.heading')).toBe(de.home.heading);
    await i18next.changeLanguage('en');
  });
});

describe('the German dictionary', () => {
  /** Every source file of the web except tests and the dictionaries themselves, as text. */
  const sources = Object.entries(
    import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([, text]) => text);
  /** Keys no source names as a whole, nor by a prefix it completes at run time; to be looked at one by one. */
  const NOT_YET_CHECKED = new Set([
    'download.title',
    'filter.keywordsPlaceholder',
    'filter.noKeywords',
    'myOfferings.open',
    'offerCreation.preview.price',
  ]);

  it('holds no text the web never shows', () => {
    const literals = new Set(sources.flatMap((text) => [...text.matchAll(/['"`]([\w.]+)['"`]/g)].map((m) => m[1])));
    // `offerList.payment.${model}` and textOrSelf(t, 'offerList.payment', model) complete a prefix.
    const prefixes = new Set([
      ...sources.flatMap((text) => [...text.matchAll(/`([\w.]+)\.\$\{/g)].map((m) => m[1])),
      ...[...literals].filter((literal) => literal?.includes('.')),
    ]);
    const isUsed = (key: string) => literals.has(key) || [...prefixes].some((prefix) => key.startsWith(`${prefix}.`));
    expect(sources.length).toBeGreaterThan(100);
    expect(baseKeysOf(de).filter((key) => !isUsed(key) && !NOT_YET_CHECKED.has(key))).toEqual([]);
  });
});
