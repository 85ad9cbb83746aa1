import { emptySearchFacets, formatName, type TPaymentModel, type TSearchFacets } from '@dsm/contracts';
import { Button, Checkbox, Group, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryText, textOrSelf } from '../../shared/labels';
import { type TFilterState, withList, withWorkingEndpoints } from '../../shared/search/results-params';
import { FacetGroup } from './FacetGroup';
import { FacetLabel } from './FacetLabel';
import { facetOptions } from './facet-options';
import { chosenKeywordOptions, keywordFacetOptions, keywordsOfOptions } from './keyword-facet-options';
import { useDateRange } from './use-date-range';
import { usePriceRange } from './use-price-range';

// The sort select comes in this panel's chunk: both are built on Mantine's combobox, which a chunk of
// its own would carry a second copy of (the build copies shared code under 60 KB into each chunk), and
// the landing preload fetches this chunk with the page on a wide screen.
export { SortSelect } from './SortSelect';

/** The category list's height in px: about 12 categories, then it scrolls (the catalogue has more). */
const CATEGORY_LIST_HEIGHT = 320;

const NO_FACETS: TSearchFacets = emptySearchFacets();

const asIs = (value: string) => value;

export type TFilterPanelProps = {
  filter: TFilterState;
  /** Categories offered as checkboxes (from the filter values). */
  categories: readonly string[];
  /** The filter values are still loading: the category list keeps its full height meanwhile. */
  isLoadingValues?: boolean;
  /** The values counted for the current search; absent until the first answer. */
  facets?: TSearchFacets;
  /** The counts are over the newest 10,000 matches: shown as estimates. */
  areFacetCountsEstimated?: boolean;
  /** A changed filter; the search restarts from the first page. */
  onChange: (filter: TFilterState) => void;
  /** Resets every filter and the search terms, and searches again. */
  onClear: () => void;
};

/**
 * Price range, keywords, categories, formats, licences, publishers, payment models and the
 * modification dates, each value with its count for the current search; every change searches again
 * from page 0.
 */
export const FilterPanel = memo(function FilterPanel({
  filter,
  categories,
  isLoadingValues = false,
  facets = NO_FACETS,
  areFacetCountsEstimated = false,
  onChange,
  onClear,
}: TFilterPanelProps) {
  const { t, i18n } = useTranslation();
  const price = usePriceRange(filter, onChange);
  const dates = useDateRange(filter, onChange);
  const estimateHintId = useId();
  const chosenKeywords = filter.selectedKeywords;
  const keywordOptions = keywordFacetOptions({
    facet: facets.keywords,
    selected: chosenKeywords,
    language: i18n.language,
  });
  // Categories keep the catalogue's order: the list is long and scrolls, so values must not move as counts change.
  const categoryOptions = [...new Set([...filter.selectedCategories, ...categories])];
  const categoryCounts = new Map(facets.categories.map((entry) => [entry.value, entry.count]));
  const isEstimated = areFacetCountsEstimated;
  const labelText = { language: i18n.language, estimatedHint: t('filter.estimatedCountHint') };
  const groupProps = { isEstimated, estimateHintId, labelText };
  const formats = filter.selectedFormats ?? [];
  const licences = filter.selectedLicences ?? [];
  const publishers = filter.selectedPublishers ?? [];
  const paymentModels = filter.selectedPaymentModels ?? [];

  const clear = () => {
    price.clear();
    dates.clear();
    onClear();
  };

  return (
    <Stack gap="md" component="aside" aria-labelledby="filter-title" data-testid="filter-panel">
      <Title order={2} size="h4" id="filter-title">
        {t('filter.title')}
      </Title>
      {isEstimated && (
        <Text size="xs" c="gray.7" id={estimateHintId} data-testid="facet-estimate-hint">
          {t('filter.estimatedCountHint')}
        </Text>
      )}
      <Group grow gap="xs" align="flex-start">
        <TextInput
          label={t('filter.priceFrom')}
          inputMode="decimal"
          autoComplete="off"
          value={price.fromText}
          onChange={(event) => price.setFromText(event.currentTarget.value)}
          rightSection={<span aria-hidden>€</span>}
          error={price.isFromInvalid ? t('filter.priceInvalid') : price.isInverted ? t('filter.priceOrder') : undefined}
          data-testid="price-from"
        />
        <TextInput
          label={t('filter.priceTo')}
          inputMode="decimal"
          autoComplete="off"
          value={price.toText}
          onChange={(event) => price.setToText(event.currentTarget.value)}
          rightSection={<span aria-hidden>€</span>}
          error={price.isToInvalid ? t('filter.priceInvalid') : undefined}
          aria-invalid={price.isInverted || price.isToInvalid || undefined}
          data-testid="price-to"
        />
      </Group>
      {/* The keywords of the current results with their counts, a keyword and its translations as one. */}
      <FacetGroup
        label={t('filter.keywords')}
        options={keywordOptions}
        selected={chosenKeywordOptions(keywordOptions, chosenKeywords)}
        onChange={(ticked) =>
          onChange({ ...filter, selectedKeywords: keywordsOfOptions(keywordOptions, ticked, chosenKeywords) })
        }
        data-testid="keyword-facet"
        {...groupProps}
      />
      <Checkbox.Group
        label={t('filter.categories')}
        value={filter.selectedCategories}
        onChange={(selectedCategories) => onChange({ ...filter, selectedCategories })}
        aria-describedby={isEstimated ? estimateHintId : undefined}
      >
        {/* A bounded list keeps the results within reach on a phone, where the panel sits above them. */}
        {/* While the values load the list holds its usual height, so the results below do not jump. */}
        <ScrollArea.Autosize
          mah={CATEGORY_LIST_HEIGHT}
          mih={isLoadingValues ? CATEGORY_LIST_HEIGHT : undefined}
          type="auto"
          offsetScrollbars
          mt={6}
          data-testid="category-list"
        >
          <Stack gap={6}>
            {categoryOptions.map((category) => (
              <Checkbox
                key={category}
                value={category}
                label={
                  <FacetLabel
                    label={categoryText(t, category)}
                    count={categoryCounts.get(category) ?? null}
                    isEstimated={isEstimated}
                    text={labelText}
                  />
                }
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Checkbox.Group>
      <FacetGroup
        label={t('filter.formats')}
        options={facetOptions({ facet: facets.formats, selected: formats, labelOf: formatName })}
        selected={formats}
        onChange={(next) => onChange(withList(filter, 'selectedFormats', next))}
        data-testid="format-facet"
        {...groupProps}
      />
      <FacetGroup
        label={t('filter.licences')}
        options={facetOptions({ facet: facets.licences, selected: licences, labelOf: asIs })}
        selected={licences}
        onChange={(next) => onChange(withList(filter, 'selectedLicences', next))}
        data-testid="licence-facet"
        {...groupProps}
      />
      <FacetGroup
        label={t('filter.publishers')}
        options={facetOptions({ facet: facets.publishers, selected: publishers, labelOf: asIs })}
        selected={publishers}
        onChange={(next) => onChange(withList(filter, 'selectedPublishers', next))}
        data-testid="publisher-facet"
        {...groupProps}
      />
      <FacetGroup
        label={t('filter.paymentModels')}
        options={facetOptions({
          facet: facets.paymentModels,
          selected: paymentModels,
          labelOf: (value) => textOrSelf(t, 'offerList.payment', value),
        })}
        selected={paymentModels}
        // The values come from the facet, which counts only the API's payment models.
        onChange={(next) => onChange(withList(filter, 'selectedPaymentModels', next as TPaymentModel[]))}
        data-testid="payment-facet"
        {...groupProps}
      />
      <Group grow gap="xs" align="flex-start" role="group" aria-label={t('filter.modified')}>
        <TextInput
          type="date"
          label={t('filter.modifiedFrom')}
          value={dates.fromText}
          onChange={(event) => dates.setFromText(event.currentTarget.value)}
          error={dates.isInverted ? t('filter.modifiedOrder') : undefined}
          data-testid="modified-from"
        />
        <TextInput
          type="date"
          label={t('filter.modifiedTo')}
          value={dates.toText}
          onChange={(event) => dates.setToText(event.currentTarget.value)}
          // Red as well, without a second message: the error belongs to the pair.
          error={dates.isInverted}
          data-testid="modified-to"
        />
      </Group>
      <Checkbox
        label={t('filter.workingEndpoints')}
        checked={filter.hasWorkingEndpoint === true}
        onChange={(event) => onChange(withWorkingEndpoints(filter, event.currentTarget.checked))}
        data-testid="working-endpoints"
      />
      <Button variant="light" onClick={clear} data-testid="filter-clear">
        {t('filter.clear')}
      </Button>
    </Stack>
  );
});
