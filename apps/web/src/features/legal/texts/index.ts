import { legalTextsDe } from './de';
import { legalTextsEn } from './en';
import type { TLegalTexts } from './types';

export type { TLegalDocument, TLegalPage, TLegalTexts } from './types';

/**
 * The legal texts for an interface language: German and English have their own; every other
 * language reads the English text, flagged as a fallback so the page can say so.
 */
export function legalTextsFor(language: string): { texts: TLegalTexts; language: 'de' | 'en'; isFallback: boolean } {
  if (language === 'de') return { texts: legalTextsDe, language: 'de', isFallback: false };
  return { texts: legalTextsEn, language: 'en', isFallback: language !== 'en' };
}
