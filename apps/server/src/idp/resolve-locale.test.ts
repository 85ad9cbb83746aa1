import { describe, expect, it } from 'vitest';
import { resolveLocale } from './resolve-locale';

describe('resolveLocale', () => {
  it('takes the first supported ui_locales entry before anything else', () => {
    expect(resolveLocale({ uiLocales: 'xx en-US de', lang: 'de', acceptLanguage: 'de' })).toBe('en');
  });

  it("speaks each of the app's six languages when the app asks for it", () => {
    expect(resolveLocale({ uiLocales: 'fr', acceptLanguage: 'de' })).toBe('fr');
    expect(resolveLocale({ uiLocales: 'es-ES', acceptLanguage: 'de' })).toBe('es');
    expect(resolveLocale({ uiLocales: 'it', acceptLanguage: 'de' })).toBe('it');
    expect(resolveLocale({ uiLocales: 'pt-BR', acceptLanguage: 'de' })).toBe('pt');
  });

  it('falls back to lang, then Accept-Language by weight, then German', () => {
    expect(resolveLocale({ uiLocales: 'xx', lang: 'en', acceptLanguage: 'de' })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'nl-BE, de;q=0.5, en;q=0.8' })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'fr-CH, de;q=0.5' })).toBe('fr');
    expect(resolveLocale({ acceptLanguage: 'en;q=0, nl' })).toBe('de');
    expect(resolveLocale({})).toBe('de');
  });

  it('ignores values that are not strings', () => {
    expect(resolveLocale({ uiLocales: ['en'], lang: ['en'] })).toBe('de');
  });
});
