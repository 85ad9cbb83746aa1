import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';

/** Route target of a result card until the offer details page lands. */
export function OfferDetailsPlaceholderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const location = useLocation();
  // A details link opened directly has no page of this app to go back to; home is the next best.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <Container size="md" py="xl">
      <Stack gap="md" align="flex-start">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={goBack}>
          {t('offer.back')}
        </Button>
        <Title order={1}>{t('offer.title')}</Title>
        <Text c="gray.7">{t('offer.id', { id })}</Text>
        <Text>{t('offer.comingSoon')}</Text>
      </Stack>
    </Container>
  );
}
