import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The 'Terms of use' card around what the terms panel shows. */
export function OfferTermsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
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
        {children}
      </Stack>
    </Card>
  );
}

/** The terms' loading line, in the card or alone. */
export function OfferTermsLoadingLine() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" data-testid="offer-terms-loading">
      <Loader size="xs" aria-hidden />
      <Text size="sm">{t('offerTerms.loading')}</Text>
    </Group>
  );
}

/** The card while the terms panel's code or the terms themselves load. */
export function OfferTermsLoading() {
  return (
    <OfferTermsFrame>
      <OfferTermsLoadingLine />
    </OfferTermsFrame>
  );
}
