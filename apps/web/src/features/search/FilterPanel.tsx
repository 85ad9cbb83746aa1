import { Button, Checkbox, Group, MultiSelect, ScrollArea, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryText } from '../../shared/labels';
import { addKeyword, keywordOptions } from './keyword-options';
import { type TFilterState, withWorkingEndpoints } from './results-params';
import { usePriceRange } from './use-price-range';

// The sort select comes in this panel's chunk: both are built on Mantine's combobox, which a chunk of
// its own would carry a second copy of (the build copies shared code under 60 KB into each chunk), and
// the landing preload fetches this chunk with the page on a wide screen.
export { SortSelect } from './SortSelect';

/** The picker lists this many matching keywords at a time; typing narrows them. */
const KEYWORD_OPTION_LIMIT = 50;
/** The category list's height in px: about 12 categories, then it scrolls (the catalogue has more). */
const CATEGORY_LIST_HEIGHT = 320;

export type TFilterPanelProps = {
  filter: TFilterState;
  /** Keywords the picker offers (from the filter values). */
  keywords: readonly string[];
  /** Categories offered as checkboxes (from the filter values). */
  categories: readonly string[];
  /** The filter values are still loading: the category list keeps its full height meanwhile. */
  isLoadingValues?: boolean;
  /** A changed filter; the search restarts from the first page. */
  onChange: (filter: TFilterState) => void;
  /** Resets categories, keywords, price range and the search terms, and searches again. */
  onClear: () => void;
};

/** Price range, keyword picker and categories; every change searches again from page 0. */
export function FilterPanel({
  filter,
  keywords,
  categories,
  isLoadingValues = false,
  onChange,
  onClear,
}: TFilterPanelProps) {
  const { t } = useTranslation();
  const price = usePriceRange(filter, onChange);
  const [keywordText, setKeywordText] = useState('');
  const chosen = filter.selectedKeywords;
  // The chosen keywords stay in the data so their pills have labels; the picker hides them.
  const keywordData = [...chosen, ...keywordOptions(keywords, chosen, keywordText, KEYWORD_OPTION_LIMIT)];
  const categoryOptions = [...new Set([...filter.selectedCategories, ...categories])];

  const clear = () => {
    price.clear();
    setKeywordText('');
    onClear();
  };

  return (
    <Stack gap="md" component="aside" aria-labelledby="filter-title" data-testid="filter-panel">
      <Title order={2} size="h4" id="filter-title">
        {t('filter.title')}
      </Title>
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
      <MultiSelect
        label={t('filter.keywords')}
        placeholder={chosen.length === 0 ? t('filter.keywordsPlaceholder') : undefined}
        data={keywordData}
        value={chosen}
        onChange={(next) => onChange({ ...filter, selectedKeywords: next.reduce(addKeyword, [] as string[]) })}
        searchable
        searchValue={keywordText}
        onSearchChange={setKeywordText}
        // keywordOptions has filtered already; Mantine's own filter would drop nothing more.
        filter={({ options }) => options}
        hidePickedOptions
        nothingFoundMessage={t('filter.noKeywords')}
        maxDropdownHeight={260}
        // The option list is put in the page when it opens, not kept hidden in it: a kept one is
        // positioned on mount, which made the browser lay out the whole results page once more.
        comboboxProps={{ keepMounted: false }}
        data-testid="keyword-picker"
      />
      <Checkbox.Group
        label={t('filter.categories')}
        value={filter.selectedCategories}
        onChange={(selectedCategories) => onChange({ ...filter, selectedCategories })}
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
              <Checkbox key={category} value={category} label={categoryText(t, category)} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Checkbox.Group>
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
}
