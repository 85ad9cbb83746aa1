import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCountries, formatCountry } from '../../shared/format/country';
import { useBuyerVat } from '../cart/use-buyer-vat';
import { useOfferTerms } from './use-offer-terms';

/**
 * 'Terms of use' on the offer details page, before purchase: the licence, the countries whose
 * organisations may buy and use the data (with a warning when the buyer's organisation is in none
 * of them, since checkout would refuse it) and the period of use.
 */
export function OfferTermsPanel({ offerId }: { offerId: string }) {
  const { t } = useTranslation();
  const terms = useOfferTerms(offerId);
  const { buyerCountry } = useBuyerVat();
  const body = () => {
    if (terms.isPending) {
      return (
        <Group gap="xs" data-testid="offer-terms-loading">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('offerTerms.loading')}</Text>
        </Group>
      );
    }
    if (terms.isError) {
      return (
        <Text size="sm" c="red.8" data-testid="offer-terms-error">
          {t('offerTerms.error')}
        </Text>
      );
    }
    const { licence, allowedCountries, timeRestriction } = terms.data;
    const isRefused = buyerCountry !== null && allowedCountries.length > 0 && !allowedCountries.includes(buyerCountry);
    const facts: [string, string, string][] = [
      ['licence', t('offerTerms.licence'), licence ?? t('offerTerms.noLicence')],
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
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="offer-terms-title"
      data-testid="offer-terms"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="offer-terms-title">
          {t('offerTerms.title')}
        </Title>
        {body()}
      </Stack>
    </Card>
  );
}
