import type { TLicence, TPageSize } from '@dsm/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { Paging, type TPagingProps } from '../../shared/ui/Paging';
import { ResultList } from './ResultList';
import type { TSearchAnswer } from './use-search';

/**
 * The result list of a search with its paging above: the offers of its answer, kept on screen while the next
 * page loads, or its failure with Retry.
 */
export function SearchResultList({
  search,
  licences,
  index,
  pageSize,
  onPage,
  onPageSize,
  onClearFilters,
  isPagedBelow = false,
}: Pick<TPagingProps, 'index' | 'onPage' | 'onPageSize'> & {
  search: TSearchAnswer;
  licences: readonly TLicence[];
  pageSize: TPageSize;
  /** Clears terms and filters (the empty state's way out). */
  onClearFilters: () => void;
  /** The paging's buttons stand below the list too, so the end of a long page leads on without scrolling up. */
  isPagedBelow?: boolean;
}) {
  const { t } = useTranslation();
  const data = search.data;
  const paging = { index, pageSize, onPage, onPageSize };
  return (
    <>
      {/* Drawn disabled while the first answer loads, so the results do not move down when it comes. */}
      {(search.isPending || (data && data.total > 0)) && (
        <Paging {...paging} total={data?.total ?? 0} isTotalCapped={data?.isTotalCapped ?? false} isLoading={!data} />
      )}
      <ResultList
        offers={data?.data}
        licences={licences}
        copies={data?.copies}
        pageSize={pageSize}
        isStale={search.isPlaceholderData}
        errorText={search.isError ? errorMessage(search.error, t) : null}
        onRetry={() => void search.refetch()}
        onClearFilters={onClearFilters}
      />
      {isPagedBelow && data && data.data.length > 0 && (
        <Paging {...paging} total={data.total} isTotalCapped={data.isTotalCapped} placement="bottom" />
      )}
    </>
  );
}
