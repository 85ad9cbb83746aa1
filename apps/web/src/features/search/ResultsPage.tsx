import { Alert, Container, Grid, Group, Loader, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { FilterPanel } from './FilterPanel';
import { Paging } from './Paging';
import { ResultList } from './ResultList';
import { foundHeading } from './results-heading';
import { SearchBar } from './SearchBar';
import { useFilterValues } from './use-filter-values';
import { useLicences } from './use-licences';
import { useResultsParams } from './use-results-params';
import { useSearch } from './use-search';

const NONE: readonly string[] = [];

/** Results of the URL's search: the URL holds the whole state, so a link can be shared and reloaded. */
export function ResultsPage() {
  const { t } = useTranslation();
  const params = useResultsParams();
  const { terms, filter, index, pageSize, problems, change, reset } = params;
  const search = useSearch({ terms, filter, index, pageSize });
  const filterValues = useFilterValues();
  const licences = useLicences();
  const data = search.data;

  const goToPage = (next: number) => {
    change({ index: next });
    window.scrollTo({ top: 0 });
  };

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <SearchBar terms={terms} onSearch={(next) => change({ terms: next })} onShowCompleteCatalog={reset} />
        {problems.length > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="results-url-problem">
            {t('results.badUrl', { parts: problems.map((part) => t(`results.urlParts.${part}`)).join(', ') })}
          </Alert>
        )}
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <FilterPanel
              filter={filter}
              keywords={filterValues.data?.keywords ?? NONE}
              categories={filterValues.data?.categories ?? NONE}
              isLoadingValues={filterValues.isPending}
              onChange={(next) => change({ filter: next })}
              onClear={reset}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="md">
              <Group justify="space-between" align="center" mih={36} wrap="nowrap">
                {data ? (
                  <Title order={1} size="h2" data-testid="results-heading" aria-live="polite">
                    {foundHeading(t, data.total, data.isTotalCapped)}
                  </Title>
                ) : (
                  search.isPending && <Skeleton height={28} width={260} />
                )}
                {search.isFetching && data && <Loader role="status" size="sm" aria-label={t('results.loading')} />}
              </Group>
              {data && data.total > 0 && (
                <Paging
                  index={index}
                  pageSize={pageSize}
                  total={data.total}
                  isTotalCapped={data.isTotalCapped}
                  onPage={goToPage}
                  onPageSize={(next) => change({ pageSize: next })}
                />
              )}
              <ResultList
                offers={data?.data}
                licences={licences}
                pageSize={pageSize}
                isStale={search.isPlaceholderData}
                errorText={search.isError ? errorMessage(search.error, t) : null}
                onRetry={() => void search.refetch()}
                onClearFilters={reset}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
