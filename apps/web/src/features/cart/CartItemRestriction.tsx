import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCountries, formatCountry } from '../../shared/format/country';
import { useOfferTerms } from '../../shared/offer/use-offer-terms';

export type TCartItemRestrictionProps = {
  offerId: string;
  /** The buyer organisation's country, when known. */
  buyerCountry: string | null;
};

/**
 * An offer's geo restriction in the cart: the countries whose organisations may buy it, and a
 * warning when the buyer's organisation is in none of them (checkout would refuse the order).
 * Nothing for an offer without restriction, or while its terms are unknown.
 */
export function CartItemRestriction({ offerId, buyerCountry }: TCartItemRestrictionProps) {
  const { t } = useTranslation();
  const terms = useOfferTerms(offerId).data;
  if (!terms || terms.allowedCountries.length === 0) return null;
  const isRefused = buyerCountry !== null && !terms.allowedCountries.includes(buyerCountry);
  return (
    <>
      <Text size="sm" c="gray.7" data-testid="cart-item-restriction">
        {t('cart.restrictedTo', { countries: formatCountries(terms.allowedCountries) })}
      </Text>
      {isRefused && (
        <Text size="sm" c="red.8" fw={600} role="alert" data-testid="cart-item-refused">
          {t('cart.notAllowedHere', { country: formatCountry(buyerCountry) })}
        </Text>
      )}
    </>
  );
}
