import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LikedOfferList } from './LikedOfferList';

/** The watchlist (/watchlist): the user's liked offers; a card opens the details, the heart removes the like. */
export function WatchlistPage() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('watchlist.title')}</Title>
        <LikedOfferList emptyTitle={t('watchlist.emptyTitle')} emptyText={t('watchlist.emptyText')} />
      </Stack>
    </Container>
  );
}
