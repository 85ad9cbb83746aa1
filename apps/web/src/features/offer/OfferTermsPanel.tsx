import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountries, formatCountry } from '../../shared/format/country';
import { useOfferTerms } from '../../shared/offer/use-offer-terms';
import { usePageSettled } from '../../shared/page-settled';
import { useBuyerVat } from '../cart';
import { OfferTermsFrame, OfferTermsLoadingLine } from './OfferTermsFrame';

/**
 * 'Terms of use' on the offer details page, before purchase: the licence, the countries whose
 * organisations may buy and use the data (with a warning when the buyer's organisation is in none
 * of them, since checkout would refuse it) and the period of use. Terms and organisation are read once
 * the page has shown the offer (page-settled.ts): on a slow phone the title comes first.
 */
export function OfferTermsPanel({ offerId }: { offerId: string }) {
  const { t } = useTranslation();
  const isSettled = usePageSettled();
  const terms = useOfferTerms(offerId, isSettled);
  const { buyerCountry } = useBuyerVat(isSettled);
  const body = () => {
    if (terms.isPending) return <OfferTermsLoadingLine />;
    if (terms.isError) {
      return (
        <Text size="sm" c="red.8" data-testid="offer-terms-error">
          {t('offerTerms.error')}
        </Text>
      );
    }
    const { licenceLabel, licenceUrl, allowedCountries, timeRestriction } = terms.data;
    const isRefused = buyerCountry !== null && allowedCountries.length > 0 && !allowedCountries.includes(buyerCountry);
    // Named as the endpoints table and the result cards name it (licenceLabelOf), linked to its text.
    const licence: ReactNode =
      licenceLabel === null ? (
        t('offerTerms.noLicence')
      ) : licenceUrl ? (
        <Anchor href={licenceUrl} target="_blank" rel="noopener noreferrer" inherit>
          {licenceLabel}
        </Anchor>
      ) : (
        licenceLabel
      );
    const facts: [string, string, ReactNode][] = [
      ['licence', t('offerTerms.licence'), licence],
      [
        'countries',
        t('offerTerms.countries'),
        allowedCountries.length > 0 ? formatCountries(allowedCountries) : t('offerTerms.anywhere'),
      ],
      [
        'period',
        t('offerTerms.period'),
        timeRestriction
          ? t(`offerTerms.unit.${timeRestriction.unit}`, { count: timeRestriction.amount })
          : t('offerTerms.unlimited'),
      ],
    ];
    return (
      <Stack gap="xs">
        <Stack gap="xs" component="dl" m={0}>
          {facts.map(([key, label, value]) => (
            <div key={key}>
              <Text component="dt" size="xs" c="gray.7" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text component="dd" m={0} data-testid={`offer-terms-${key}`} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </Stack>
        {isRefused && (
          <Text size="sm" c="red.8" fw={600} role="alert" data-testid="offer-terms-refused">
            {t('offerTerms.notAllowed', { country: formatCountry(buyerCountry) })}
          </Text>
        )}
      </Stack>
    );
  };
  return <OfferTermsFrame>{body()}</OfferTermsFrame>;
}
