import { isNotTaxableParty, isReverseChargeParty, VAT_RATE } from '@dsm/contracts';
import { useOwnOrganisation } from '../organisation';

/**
 * The VAT the buyer's invoices will show, by the rules the invoices follow: 0 % with reverse charge
 * for a business in another EU member state with a VAT ID, 0 % and not taxable in Germany for a
 * business outside the EU (§3a Abs. 2 UStG), else 19 %. Until the organisation is known, or
 * without one, 19 %. The organisation is read once `isEnabled`.
 */
export function useBuyerVat(isEnabled = true): {
  vatRate: number;
  reverseChargeCountry: string | null;
  notTaxableCountry: string | null;
  buyerCountry: string | null;
} {
  const organisation = useOwnOrganisation(isEnabled).data?.organisation ?? null;
  const isReverseCharge = organisation !== null && isReverseChargeParty(organisation);
  const isNotTaxable = organisation !== null && isNotTaxableParty(organisation);
  return {
    vatRate: isReverseCharge || isNotTaxable ? 0 : VAT_RATE,
    reverseChargeCountry: isReverseCharge ? organisation.country : null,
    notTaxableCountry: isNotTaxable ? organisation.country : null,
    buyerCountry: organisation?.country ?? null,
  };
}
