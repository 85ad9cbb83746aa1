import { isCountryCode } from '@dsm/contracts';

/**
 * The countries for the geo restriction, named in the user's language by the browser's own ISO 3166
 * data (Intl.DisplayNames), sorted by name: the codes the API accepts, with no list to maintain.
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
      const label = isCountryCode(code) ? names.of(code) : undefined;
      if (label) options.push({ value: code, label });
    }
  }
  return options.sort((a, b) => a.label.localeCompare(b.label, language));
}
