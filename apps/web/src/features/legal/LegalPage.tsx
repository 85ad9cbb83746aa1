import { Container, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Impressum, data protection and terms; their texts arrive with the legal pages. */
export function LegalPage({ page }: { page: 'impressum' | 'dataProtection' | 'terms' }) {
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Title order={1}>{t(`legal.${page}`)}</Title>
      <Text mt="md">{t('legal.placeholder')}</Text>
    </Container>
  );
}
