import { ErrorCode, geoRestrictionMessage, type TInvoiceParty } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { loadOfferTerms } from '../catalogue/load-offer-terms';
import type { TOrderLine } from './check-purchased-items';

/**
 * The offers' geo restrictions: an offer restricted to countries may only be bought by an
 * organisation in one of them. FORBIDDEN naming each refused item, its offer's title and its
 * allowed countries, and the buyer's country.
 */
export async function checkUsageRestrictions(
  db: TDb,
  lines: readonly TOrderLine[],
  buyer: TInvoiceParty,
): Promise<void> {
  const terms = await loadOfferTerms(
    db,
    lines.map((line) => line.productId),
  );
  const refused = lines.flatMap((line) => {
    const offer = terms.get(line.productId.toLowerCase());
    if (!offer || offer.allowedCountries.length === 0 || offer.allowedCountries.includes(buyer.country)) return [];
    return [
      {
        path: `body.purchasedItems.${line.position}.productId`,
        message: geoRestrictionMessage(offer.title, offer.allowedCountries, buyer.country),
      },
    ];
  });
  if (refused.length === 0) return;
  const more = refused.length > 1 ? ` (and ${refused.length - 1} more)` : '';
  throw new AppError(ErrorCode.FORBIDDEN, `${refused[0]!.message}${more}`, refused);
}
