import type { TFunction } from 'i18next';
import de from '../i18n/de.json';

/** 'AGRICULTURE_FORESTRY_AND_FISHERIES' → 'Agriculture forestry and fisheries'. */
export function categoryLabel(name: string): string {
  const words = name.replaceAll('_', ' ').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** True when the texts hold a string at this path; every language has German's keys (i18n.test.ts). */
function hasText(path: readonly string[]): boolean {
  let node: unknown = de;
  for (const part of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

/**
 * The text of a value under a group of the texts (`offerCreation.options.accessType`), or the value
 * itself when the texts do not name it. For values from a link, stored data or the server: such a
 * value is never used as a translation key, so 'constructor', '__proto__' or '$t(app.title)' show
 * as themselves instead of a function, an object or another text.
 */
export function textOrSelf(t: TFunction, group: string, value: string): string {
  return hasText([...group.split('.'), value]) ? t(`${group}.${value}`) : value;
}

/** A category as the user reads it: its translation when the texts name it, else its sentence-case label. */
export function categoryText(t: TFunction, name: string): string {
  return hasText(['category', name]) ? t(`category.${name}`) : categoryLabel(name);
}
