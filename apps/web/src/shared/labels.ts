import type { TFunction } from 'i18next';
import de from '../i18n/de.json';

/** 'AGRICULTURE_FORESTRY_AND_FISHERIES' → 'Agriculture forestry and fisheries'. */
export function categoryLabel(name: string): string {
  const words = name.replaceAll('_', ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The categories the texts name; every language has German's keys (i18n.test.ts). */
const NAMED_CATEGORIES: ReadonlySet<string> = new Set(Object.keys(de.category));

/**
 * A category as the user reads it: its translation when the texts name it, else its sentence-case
 * label. A name from a link or a harvested catalogue is never used as a translation key, so
 * 'constructor', '__proto__' or '$t(app.title)' show as themselves instead of a function, an
 * object or another text.
 */
export function categoryText(t: TFunction, name: string): string {
  return NAMED_CATEGORIES.has(name) ? t(`category.${name}`) : categoryLabel(name);
}
