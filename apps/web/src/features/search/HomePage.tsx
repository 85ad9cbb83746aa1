import { COMPLETE_CATALOG_TOPIC } from '@dsm/contracts';
import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EMPTY_FILTER, resultsPath, topicResultsPath } from '../../shared/search/results-params';
import { SearchBar } from './SearchBar';
import { TopicGrid } from './TopicGrid';

const NO_TERMS: readonly string[] = [];

/** The catalogue's front door: the heading, the search bar and the topic grid. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1} ta="center">
          {t('home.heading')}
        </Title>
        <SearchBar
          terms={NO_TERMS}
          onSearch={(terms) => navigate(resultsPath({ terms, filter: EMPTY_FILTER }))}
          onShowCompleteCatalog={() => navigate(resultsPath({ terms: [], filter: EMPTY_FILTER }))}
        />
        <Stack gap="md" component="section" aria-labelledby="browse-categories">
          <Title order={2} size="h3" id="browse-categories">
            {t('home.browseCategories')}
          </Title>
          <TopicGrid onSelect={(topic) => navigate(topicResultsPath(topic, COMPLETE_CATALOG_TOPIC))} />
        </Stack>
      </Stack>
    </Container>
  );
}
