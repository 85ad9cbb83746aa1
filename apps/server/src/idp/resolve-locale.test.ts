import { describe, expect, it } from 'vitest';
import { resolveLocale } from './resolve-locale';

describe('resolveLocale', () => {
  it('takes the first supported ui_locales entry before anything else', () => {
    expect(resolveLocale({ uiLocales: 'fr en-US de', lang: 'de', acceptLanguage: 'de' })).toBe('en');
  });

  it("gives the app's languages without pages of their own English, not German", () => {
    for (const language of ['fr', 'es-ES', 'it', 'pt-BR']) {
      expect(resolveLocale({ uiLocales: language, acceptLanguage: 'de' })).toBe('en');
    }
  });

  it('falls back to lang, then Accept-Language by weight, then German', () => {
    expect(resolveLocale({ uiLocales: 'xx', lang: 'en', acceptLanguage: 'de' })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'fr-CH, de;q=0.5, en;q=0.8' })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'en;q=0, fr' })).toBe('de');
    expect(resolveLocale({})).toBe('de');
  });

  it('ignores values that are not strings', () => {
    expect(resolveLocale({ uiLocales: ['en'], lang: ['en'] })).toBe('de');
  });
});
