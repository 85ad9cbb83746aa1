import type { TFunction } from 'i18next';

const EN_US = new Intl.NumberFormat('en-US');

/** A count in en-US format ('1,234'), in every language, as the specification fixes it. */
export const formatCount = (count: number): string => EN_US.format(count);

/**
 * '{n} data sets found': plural chosen by the number, the number shown in en-US format; when the
 * total is capped it reads as a lower bound ('10,000+ data sets found').
 */
export function foundHeading(t: TFunction, total: number, isTotalCapped: boolean): string {
  // `replace` swaps the text for the formatted count while `count` still picks the plural form.
  return t(isTotalCapped ? 'results.foundCapped' : 'results.found', {
    count: total,
    replace: { count: formatCount(total) },
  });
}
