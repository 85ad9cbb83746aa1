/**
 * The keywords the picker offers for the typed text: those containing it, compared without case,
 * and not chosen already; at most `limit`. Keywords are otherwise compared exactly, as the API
 * matches them ('Air' and 'AIR' are two keywords).
 */
export function keywordOptions(
  keywords: readonly string[],
  chosen: readonly string[],
  text: string,
  limit = 50,
): string[] {
  const wanted = text.trim().toLocaleLowerCase();
  const excluded = new Set(chosen);
  const options: string[] = [];
  for (const keyword of keywords) {
    if (excluded.has(keyword) || !keyword.toLocaleLowerCase().includes(wanted)) continue;
    excluded.add(keyword);
    options.push(keyword);
    if (options.length >= limit) break;
  }
  return options;
}

/** Adds a keyword to the chosen ones unless it is there already. */
export function addKeyword(chosen: readonly string[], keyword: string): string[] {
  return keyword === '' || chosen.includes(keyword) ? [...chosen] : [...chosen, keyword];
}
