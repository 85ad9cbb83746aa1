import type { TLicence, TSearchFacets } from '@dsm/contracts';
import { Alert, Container, Loader, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconAlertTriangle } from '@tabler/icons-react';
import { memo, Suspense, useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../shared/lazy-part';
import { usePageSettled } from '../../shared/page-settled';
import { OPTIONAL_LISTS, type TFilterState } from '../../shared/search/results-params';
import { joinTerms } from '../../shared/search/search-terms';
import { loadSaveSearchButton, SaveSearchButtonFace } from '../alerts';
import { foundHeading } from './results-heading';
import { SearchBar } from './SearchBar';
import { SearchCorrection } from './SearchCorrection';
import { SearchResultList } from './SearchResultList';
import { SortPlaceholder } from './SortPlaceholder';
import { toSearchRequest } from './search-request';
import { useFilterValues } from './use-filter-values';
import { useLicences } from './use-licences';
import { type TResultsParamsApi, useResultsParams } from './use-results-params';
import { type TSearchAnswer, useSearch } from './use-search';

const NONE: readonly string[] = [];

// The filter panel (its sort select brings the dropdown code) loads apart from the page: at once
// on a wide screen, where landing-preload also fetches it with the page, and on a phone, which
// folds it away, once the results are shown, so the first screen of results does not wait for it.
const loadFilterPanel = async () => (await import('./FilterPanel')).FilterPanel;
const FilterPanel = lazyPart(loadFilterPanel, NoFilterPanel);

function NoFilterPanel() {
  return null;
}

// The sort select brings the same dropdown code and comes in the filter panel's chunk; its stand-in holds
// its place meanwhile, and stays if the code cannot be loaded.
const loadSortSelect = async () => (await import('./FilterPanel')).SortSelect;
const SortSelect = lazyPart(loadSortSelect, SortPlaceholder);

// "Save this search" brings the dialog code; it comes once the results are shown, its place held meanwhile.
const SaveSearchButton = lazyPart(loadSaveSearchButton, NoFilterPanel);

/**
 * How many filters narrow the search: each chosen value (category, keyword, format, licence, publisher,
 * payment model), a price range, a modification range, the endpoint switch.
 */
function activeFilterCount(filter: TFilterState): number {
  return (
    filter.selectedCategories.length +
    filter.selectedKeywords.length +
    Object.values(OPTIONAL_LISTS).reduce((sum, key) => sum + (filter[key]?.length ?? 0), 0) +
    (filter.priceRange.from !== null || filter.priceRange.to !== null ? 1 : 0) +
    (filter.modifiedRange ? 1 : 0) +
    (filter.hasWorkingEndpoint ? 1 : 0)
  );
}

/** What the filter panel shows of the filter values and the search's answer, the same object while they stay. */
function useFilterPanelData(
  values: { categories: readonly string[] } | undefined,
  isLoadingValues: boolean,
  facets: TSearchFacets | undefined,
  areFacetCountsEstimated = false,
) {
  const categories = values?.categories ?? NONE;
  return useMemo(
    () => ({ categories, isLoadingValues, facets, areFacetCountsEstimated }),
    [categories, isLoadingValues, facets, areFacetCountsEstimated],
  );
}

/** What the page shows of its search, the same object while none of it changes. */
function useSearchAnswer(search: ReturnType<typeof useSearch>): TSearchAnswer {
  const { data, isPending, isFetching, isError, error, isPlaceholderData, refetch } = search;
  return useMemo(
    () => ({ data, isPending, isFetching, isError, error, isPlaceholderData, refetch }),
    [data, isPending, isFetching, isError, error, isPlaceholderData, refetch],
  );
}

/** Results of the URL's search: the URL holds the whole state, so a link can be shared and reloaded. */
export function ResultsPage() {
  const params = useResultsParams();
  const { terms, filter, index, pageSize, sort, isExact } = params;
  const search = useSearch({ terms, filter, index, pageSize, sort, isExact });
  const filterValues = useFilterValues();
  const answer = useSearchAnswer(search);
  const panelData = useFilterPanelData(
    filterValues.data,
    filterValues.isPending,
    search.data?.facets,
    search.data?.areFacetCountsEstimated,
  );
  const licences = useLicences();
  // The answers come through synchronous store updates, which React renders in one task that blocks
  // input on a slow phone. The page draws a deferred copy of them, in slices between which the browser
  // paints and answers input; the store update itself only runs the hooks above, the view being memoized.
  const shown = useDeferredValue(useMemo(() => ({ answer, panelData, licences }), [answer, panelData, licences]));
  return <ResultsView params={params} {...shown} />;
}

type TResultsViewProps = {
  params: TResultsParamsApi;
  answer: TSearchAnswer;
  panelData: ReturnType<typeof useFilterPanelData>;
  licences: readonly TLicence[];
};

const ResultsView = memo(function ResultsView({ params, answer: search, panelData, licences }: TResultsViewProps) {
  const { t } = useTranslation();
  const { terms, filter, index, pageSize, sort, problems, change, reset, pathOf } = params;
  const data = search.data;
  // Below Mantine's md breakpoint (62em) the panel sits above the results; there it folds behind a
  // button, so a phone shows results on its first screen. Read at once, so a phone never draws it.
  const isWide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });
  const [isFilterOpen, setFilterOpen] = useState(false);
  const filterPanelId = useId();
  const filterCount = activeFilterCount(filter);
  const isSettled = usePageSettled();
  useEffect(() => {
    if (isSettled) loadFilterPanel().catch(() => {});
  }, [isSettled]);
  const sortField = { sort, onSort: (next: typeof sort) => change({ sort: next }) };
  const onFilterChange = useCallback((next: TFilterState) => change({ filter: next }), [change]);

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
        {/* Plain elements styled by app.css (.results-layout and below) from here on: a phone drew this
            first screen from Mantine's Grid, Group and Title at most of its blocking time. */}
        <div className="results-layout">
          <div className="results-layout__side">
            {!isWide && (
              <button
                type="button"
                className="plain-button is-light is-full"
                aria-expanded={isFilterOpen}
                aria-controls={filterPanelId}
                onClick={() => setFilterOpen((isOpen) => !isOpen)}
                data-testid="filter-toggle"
              >
                <IconAdjustmentsHorizontal size={18} aria-hidden />
                {isFilterOpen ? t('filter.hide') : t('filter.show')}
                {filterCount > 0 && <span className="plain-button__count">{filterCount}</span>}
              </button>
            )}
            {(isWide || isFilterOpen) && (
              <div id={filterPanelId} className={isWide ? undefined : 'filter-panel--folded'}>
                {/* Drawn with the first answer, not before: the answer brings the keywords and the
                    note on estimated counts, which would push the categories drawn before it down by
                    a whole screen on a wide one (a layout shift of 0.26 when the answer comes late). */}
                {search.isPending ? (
                  <Loader role="status" size="sm" aria-label={t('results.loadingFilters')} />
                ) : (
                  <Suspense fallback={<Loader role="status" size="sm" aria-label={t('results.loadingFilters')} />}>
                    <FilterPanel filter={filter} {...panelData} onChange={onFilterChange} onClear={reset} />
                  </Suspense>
                )}
              </div>
            )}
          </div>
          <div className="results-layout__main">
            <div className="results-toolbar">
              {/* results-heading-row: on a phone it holds two lines of the count from the start. */}
              <div className="results-heading-row">
                {data ? (
                  <h1 className="results-heading" data-testid="results-heading" aria-live="polite">
                    {foundHeading(t, data.total, data.isTotalCapped)}
                    {!data.matchedAllTerms && data.total > 0 && (
                      <span className="results-heading__partial" data-testid="results-partial-match">
                        {t('results.partialMatch')}
                      </span>
                    )}
                  </h1>
                ) : (
                  search.isPending && <Skeleton height={28} width={260} />
                )}
                {search.isFetching && data && <Loader role="status" size="sm" aria-label={t('results.loading')} />}
              </div>
              {/* Below sm a row of its own, whatever the heading's length, so it never jumps when the count arrives. */}
              <div className="results-actions">
                {isSettled ? (
                  <Suspense fallback={<SaveSearchButtonFace isPlaceholder />}>
                    <SaveSearchButton
                      search={{
                        query: joinTerms(terms),
                        filter: toSearchRequest({ terms, filter, index: 0 }).filter ?? {},
                        sort,
                      }}
                      suggestedName={terms.length > 0 ? terms.join(', ').slice(0, 100) : t('alerts.save.defaultName')}
                    />
                  </Suspense>
                ) : (
                  <SaveSearchButtonFace isPlaceholder />
                )}
                <div className="results-actions__sort">
                  {isWide || isSettled ? (
                    <Suspense fallback={<SortPlaceholder {...sortField} />}>
                      <SortSelect {...sortField} />
                    </Suspense>
                  ) : (
                    <SortPlaceholder {...sortField} />
                  )}
                </div>
              </div>
            </div>
            {data?.correctedQuery && !search.isPlaceholderData && (
              <SearchCorrection
                typed={terms}
                correctedQuery={data.correctedQuery}
                exactPath={pathOf({ isExact: true })}
              />
            )}
            <SearchResultList
              search={search}
              licences={licences}
              index={index}
              pageSize={pageSize}
              onPage={goToPage}
              onPageSize={(next) => change({ pageSize: next })}
              onClearFilters={reset}
              isPagedBelow
            />
          </div>
        </div>
      </Stack>
    </Container>
  );
});
