import { Button, Checkbox, Group, MultiSelect, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePrice, type TFilterState } from './results-params';

export type TFilterPanelProps = {
  filter: TFilterState;
  keywords: string[];
  categories: string[];
  /** A changed filter; the search restarts from the first page. */
  onChange: (filter: TFilterState) => void;
  /** Resets categories, keywords, price range and the search text. */
  onClear: () => void;
};

const PRICE_DELAY_MS = 400;
const priceText = (value: number | null) => (value === null ? '' : String(value));

/** Price range, keyword picker and categories; every change searches again from page 0. */
export function FilterPanel({ filter, keywords, categories, onChange, onClear }: TFilterPanelProps) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(priceText(filter.priceRange.from));
  const [to, setTo] = useState(priceText(filter.priceRange.to));
  const [keywordSearch, setKeywordSearch] = useState('');

  // The URL can change the range (back button, clear); the inputs follow it.
  useEffect(() => setFrom(priceText(filter.priceRange.from)), [filter.priceRange.from]);
  useEffect(() => setTo(priceText(filter.priceRange.to)), [filter.priceRange.to]);

  const parsedFrom = parsePrice(from);
  const parsedTo = parsePrice(to);
  const isRangeInverted = parsedFrom !== null && parsedTo !== null && parsedFrom > parsedTo;

  useEffect(() => {
    if (isRangeInverted) return;
    if (parsedFrom === filter.priceRange.from && parsedTo === filter.priceRange.to) return;
    const timer = setTimeout(
      () => onChange({ ...filter, priceRange: { from: parsedFrom, to: parsedTo } }),
      PRICE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [parsedFrom, parsedTo, isRangeInverted, filter, onChange]);

  const clear = () => {
    setFrom('');
    setTo('');
    setKeywordSearch('');
    onClear();
  };

  return (
    <Stack gap="md" component="aside" aria-label={t('filter.title')}>
      <Title order={2} size="h4">
        {t('filter.title')}
      </Title>
      <Group grow gap="xs" align="flex-start">
        <TextInput
          label={t('filter.priceFrom')}
          inputMode="decimal"
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
          rightSection={t('filter.euro')}
          error={isRangeInverted ? t('filter.priceOrder') : undefined}
        />
        <TextInput
          label={t('filter.priceTo')}
          inputMode="decimal"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          rightSection={t('filter.euro')}
        />
      </Group>
      <MultiSelect
        label={t('filter.keywords')}
        placeholder={filter.selectedKeywords.length === 0 ? t('filter.keywordsPlaceholder') : undefined}
        data={keywords}
        value={filter.selectedKeywords}
        onChange={(selectedKeywords) => onChange({ ...filter, selectedKeywords: [...new Set(selectedKeywords)] })}
        searchable
        searchValue={keywordSearch}
        onSearchChange={setKeywordSearch}
        hidePickedOptions
        nothingFoundMessage={t('filter.noKeywords')}
        clearable
        maxDropdownHeight={260}
        comboboxProps={{ withinPortal: true }}
      />
      <Checkbox.Group
        label={t('filter.categories')}
        value={filter.selectedCategories}
        onChange={(selectedCategories) => onChange({ ...filter, selectedCategories })}
      >
        <Stack gap={6} mt={6}>
          {categories.map((category) => (
            <Checkbox key={category} value={category} label={t(`category.${category}`, { defaultValue: category })} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Button variant="light" onClick={clear}>
        {t('filter.clear')}
      </Button>
    </Stack>
  );
}
