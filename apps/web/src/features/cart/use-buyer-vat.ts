import { isReverseChargeParty, VAT_RATE } from '@dsm/contracts';
import { useOwnOrganisation } from '../organisation/use-organisation';

/**
 * The VAT the buyer's invoices will show: 0 % with reverse charge for a business in another EU
 * member state with a VAT ID (the rule the invoices follow), else 19 %. Until the organisation is
 * known, or without one, 19 %.
 */
export function useBuyerVat(): { vatRate: number; reverseChargeCountry: string | null; buyerCountry: string | null } {
  const organisation = useOwnOrganisation().data?.organisation ?? null;
  const isReverseCharge = organisation !== null && isReverseChargeParty(organisation);
  return {
    vatRate: isReverseCharge ? 0 : VAT_RATE,
    reverseChargeCountry: isReverseCharge ? organisation.country : null,
    buyerCountry: organisation?.country ?? null,
  };
}
