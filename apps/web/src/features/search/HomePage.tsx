import { COMPLETE_CATALOG_TOPIC } from '@dsm/contracts';
import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buildResultsParams, EMPTY_FILTER } from './results-params';
import { SearchBar } from './SearchBar';
import { TopicGrid } from './TopicGrid';

/** The catalogue's front door: the search bar and the topic grid. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goToResults = (params: URLSearchParams) => navigate({ pathname: '/results', search: params.toString() });

  const handleTopic = (topic: string) => {
    // A topic card replaces the text with that one category; Complete Catalog searches with nothing.
    const filter = topic === COMPLETE_CATALOG_TOPIC ? EMPTY_FILTER : { ...EMPTY_FILTER, selectedCategories: [topic] };
    goToResults(buildResultsParams({ terms: [], filter }));
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1} ta="center">
          {t('home.heading')}
        </Title>
        <SearchBar
          terms={[]}
          onSearch={(terms) => goToResults(buildResultsParams({ terms, filter: EMPTY_FILTER }))}
          onShowCompleteCatalog={() => goToResults(new URLSearchParams())}
        />
        <Stack gap="md" component="section" aria-labelledby="browse-categories">
          <Title order={2} size="h3" id="browse-categories">
            {t('home.browseCategories')}
          </Title>
          <TopicGrid onSelect={handleTopic} />
        </Stack>
      </Stack>
    </Container>
  );
}
