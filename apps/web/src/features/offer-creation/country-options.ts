/** Region codes that name no single country: the EU, the eurozone, the UN, 'unknown' and pseudo-locales. */
const NOT_A_COUNTRY = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB']);

/**
 * The countries for the geo restriction, named in the user's language by the browser's own ISO 3166
 * data (Intl.DisplayNames), sorted by name. No list to maintain: a code the browser cannot name is
 * not offered.
 */
export function countryOptions(language: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  } catch {
    return [];
  }
  const options: { value: string; label: string }[] = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      if (NOT_A_COUNTRY.has(code)) continue;
      const label = names.of(code);
      if (label && label !== code) options.push({ value: code, label });
    }
  }
  return options.sort((a, b) => a.label.localeCompare(b.label, language));
}
