import { Alert, Button, Card, Container, Grid, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconSearchOff } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterPanel } from './FilterPanel';
import { Paging } from './Paging';
import { ResultCard } from './ResultCard';
import { buildResultsParams, EMPTY_FILTER, parseResultsParams, type TFilterState } from './results-params';
import { SearchBar } from './SearchBar';
import { useFilterValues, useLicences, useSearch } from './use-search';

const numberFormat = new Intl.NumberFormat('en-US');

function ResultSkeletons({ count }: { count: number }) {
  return (
    <Stack gap="sm" aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        // Placeholders have no identity of their own.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed list of skeletons
        <Card key={index} withBorder radius="md" padding="md" data-testid="result-skeleton">
          <Skeleton height={18} width="60%" mb="sm" />
          <Skeleton height={10} mb={6} />
          <Skeleton height={10} width="80%" mb="sm" />
          <Skeleton height={8} width="40%" />
        </Card>
      ))}
    </Stack>
  );
}

/** Results of the URL's search: the URL holds the whole state, so a link can be shared and reloaded. */
export function ResultsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseResultsParams(searchParams), [searchParams]);
  const { terms, filter, index, pageSize, problems } = params;
  const search = useSearch({ terms, filter, index, pageSize });
  const filterValues = useFilterValues();
  const licences = useLicences();

  const navigateTo = useCallback(
    (next: { terms?: string[]; filter?: TFilterState; index?: number; pageSize?: number }) => {
      setSearchParams(
        buildResultsParams({
          terms: next.terms ?? terms,
          filter: next.filter ?? filter,
          index: next.index ?? 0,
          pageSize: next.pageSize ?? pageSize,
        }),
      );
      window.scrollTo({ top: 0 });
    },
    [setSearchParams, terms, filter, pageSize],
  );
  const handleFilterChange = useCallback((next: TFilterState) => navigateTo({ filter: next }), [navigateTo]);
  const clearAll = () => navigateTo({ terms: [], filter: EMPTY_FILTER });

  const categories = useMemo(() => {
    const inUse = filterValues.data?.categories ?? [];
    return [...new Set([...filter.selectedCategories, ...inUse])];
  }, [filterValues.data, filter.selectedCategories]);

  const data = search.data;
  // The count is in en-US format in every language, as the specification fixes it.
  const heading = data
    ? t(data.isTotalCapped ? 'results.foundCapped' : 'results.found', { count: data.total }).replace(
        String(data.total),
        numberFormat.format(data.total),
      )
    : null;

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <SearchBar terms={terms} onSearch={(next) => navigateTo({ terms: next })} onShowCompleteCatalog={clearAll} />
        {problems.length > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert">
            {t('results.badUrl', { parts: problems.join(', ') })}
          </Alert>
        )}
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <FilterPanel
              filter={filter}
              keywords={filterValues.data?.keywords ?? []}
              categories={categories}
              onChange={handleFilterChange}
              onClear={clearAll}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <Stack gap="md">
              <Group justify="space-between" align="center" mih={36}>
                {heading ? (
                  <Title order={1} size="h2" data-testid="results-heading" aria-live="polite">
                    {heading}
                  </Title>
                ) : (
                  <Skeleton height={28} width={260} />
                )}
                {search.isFetching && data && <Loader size="sm" aria-label={t('results.loading')} />}
              </Group>
              {search.isError && !data && (
                <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('results.errorTitle')} role="alert">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{search.error.message}</Text>
                    <Button size="xs" variant="white" color="red" onClick={() => void search.refetch()}>
                      {t('results.retry')}
                    </Button>
                  </Stack>
                </Alert>
              )}
              {search.isPending && <ResultSkeletons count={Math.min(pageSize, 6)} />}
              {data && data.total === 0 && (
                <Card withBorder radius="md" padding="xl" data-testid="results-empty">
                  <Stack align="center" gap="sm" ta="center">
                    <IconSearchOff size={40} aria-hidden />
                    <Title order={2} size="h4">
                      {t('results.emptyTitle')}
                    </Title>
                    <Text c="gray.7" size="sm">
                      {t('results.emptyHint')}
                    </Text>
                    <Button onClick={clearAll}>{t('results.clearFilters')}</Button>
                  </Stack>
                </Card>
              )}
              {data && data.total > 0 && (
                <>
                  <Paging
                    index={index}
                    pageSize={pageSize}
                    total={data.total}
                    isTotalCapped={data.isTotalCapped}
                    onPage={(next) => navigateTo({ index: next })}
                    onPageSize={(next) => navigateTo({ pageSize: next })}
                  />
                  <Stack
                    gap="sm"
                    component="section"
                    aria-label={t('results.list')}
                    style={{ opacity: search.isPlaceholderData ? 0.6 : 1 }}
                  >
                    {data.data.map((offer) => (
                      <ResultCard key={offer['@id']} offer={offer} licences={licences.data ?? []} />
                    ))}
                  </Stack>
                </>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
