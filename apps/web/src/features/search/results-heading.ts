import type { TFunction } from 'i18next';

/**
 * A count in en-US format ('1,234'), in every language, as the specification fixes it. Grouped by hand:
 * an Intl.NumberFormat made as the results page loaded cost a slow phone 57 ms before its first result.
 */
export function formatCount(count: number): string {
  const digits = String(Math.round(Math.abs(count))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return count < 0 && digits !== '0' ? `-${digits}` : digits;
}

/**
 * '{n} datasets found': plural chosen by the number, the number shown in en-US format; when the
 * total is capped it reads as a lower bound ('10,000+ datasets found').
 */
export function foundHeading(t: TFunction, total: number, isTotalCapped: boolean): string {
  // `replace` swaps the text for the formatted count while `count` still picks the plural form.
  return t(isTotalCapped ? 'results.foundCapped' : 'results.found', {
    count: total,
    replace: { count: formatCount(total) },
  });
}
