import { PAGE_SIZES, RESULT_CAP, type TPageSize } from '@dsm/contracts';
import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../format/format';
import { parsePageSize } from '../search/results-params';
import { pagingState, type TPagingState } from './paging';

export type TPagingProps = {
  /** 0-based index of the page shown. */
  index: number;
  pageSize: TPageSize;
  total: number;
  isTotalCapped: boolean;
  /** Go to the page with this index. */
  onPage: (index: number) => void;
  /** Show pages of this size, from the first page. */
  onPageSize: (pageSize: TPageSize) => void;
  /** The first answer is still on its way: the controls hold their place, disabled. */
  isLoading?: boolean;
  /**
   * Above the results (the default): the buttons, the page size and, for a capped total, why 'Last' is off.
   * Below them: the buttons only, so that the end of a long page leads on without scrolling back.
   */
  placement?: 'top' | 'bottom';
};

/** 'Page 3', 'Page 3 of 41' or 'Page 3 of more than 1,000' (more than 10,000 match). */
function pageText(t: TFunction, index: number, state: TPagingState, isLoading: boolean) {
  const n = formatQuantity(index + 1);
  if (isLoading || state.pageCount === 0) return t('paging.page', { n });
  const pages = formatQuantity(state.pageCount);
  return t(state.isBeyondCap ? 'paging.pageOfMore' : 'paging.pageOf', { n, pages });
}

/**
 * First, Prev, 'Page N of M', Next, Last and the page-size selector. Plain elements styled by app.css
 * (`.paging*`), drawn as Mantine's default xs buttons and native select look: the results page draws it
 * twice and again when the answer comes, and on a phone Mantine's components cost that first screen
 * most of its blocking time (docs/performance.md).
 */
export function Paging({
  index,
  pageSize,
  total,
  isTotalCapped,
  onPage,
  onPageSize,
  isLoading = false,
  placement = 'top',
}: TPagingProps) {
  const { t } = useTranslation();
  const capHintId = useId();
  const pageSizeId = useId();
  const loaded = pagingState({ index, pageSize, total, isTotalCapped });
  const state = isLoading
    ? { ...loaded, canGoFirst: false, canGoPrev: false, canGoNext: false, canGoLast: false }
    : loaded;
  const isTop = placement === 'top';
  const showsCapHint = isTop && !isLoading && state.isBeyondCap;
  const buttons = (
    <nav
      className="paging__buttons"
      aria-label={isTop ? t('paging.navigation') : t('paging.navigationBelow')}
      data-testid={isTop ? 'paging' : 'paging-below'}
    >
      <PageButton isDisabled={!state.canGoFirst} onClick={() => onPage(0)}>
        {t('paging.first')}
      </PageButton>
      <PageButton isDisabled={!state.canGoPrev} onClick={() => onPage(index - 1)}>
        {t('paging.prev')}
      </PageButton>
      <p className="paging__page" aria-current="page" data-testid={isTop ? 'page-indicator' : 'page-indicator-below'}>
        {pageText(t, index, state, isLoading)}
      </p>
      <PageButton isDisabled={!state.canGoNext} onClick={() => onPage(index + 1)}>
        {t('paging.next')}
      </PageButton>
      <PageButton
        isDisabled={!state.canGoLast}
        describedBy={showsCapHint ? capHintId : undefined}
        onClick={() => onPage(state.lastIndex)}
      >
        {t('paging.last')}
      </PageButton>
    </nav>
  );
  if (!isTop) return buttons;
  return (
    <div className="paging">
      <div className="paging__row">
        {buttons}
        <div className="paging__size">
          <label htmlFor={pageSizeId}>{t('paging.pageSize')}</label>
          <select
            id={pageSizeId}
            className="plain-select"
            value={String(pageSize)}
            disabled={isLoading}
            onChange={(event) => {
              const size = parsePageSize(event.currentTarget.value);
              // As in the reference: an unusable size is logged, and the page keeps its size.
              if (size === null) console.warn('Invalid page size', event.currentTarget.value);
              else onPageSize(size);
            }}
            data-testid="page-size"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={String(size)}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>
      {showsCapHint && (
        <p className="paging__hint" id={capHintId} data-testid="paging-cap-hint">
          {t('paging.capHint', { cap: formatQuantity(RESULT_CAP) })}
        </p>
      )}
    </div>
  );
}

type TPageButtonProps = {
  isDisabled: boolean;
  describedBy?: string | undefined;
  onClick: () => void;
  children: ReactNode;
};

function PageButton({ isDisabled, describedBy, onClick, children }: TPageButtonProps) {
  return (
    <button
      type="button"
      className="plain-button"
      disabled={isDisabled}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
