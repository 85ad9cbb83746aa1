import { Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SidePanel } from './SidePanel';

/** The 'Terms of use' card around what the terms panel shows. */
export function OfferTermsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SidePanel titleId="offer-terms-title" title={t('offerTerms.title')} testId="offer-terms">
      {children}
    </SidePanel>
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
