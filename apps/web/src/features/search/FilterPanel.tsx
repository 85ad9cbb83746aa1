import { Button, Checkbox, Group, MultiSelect, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
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
  const priceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The delayed price search must use the filter and handler of the moment it fires, not of the keystroke.
  const latest = useRef({ filter, onChange });
  latest.current = { filter, onChange };

  // The URL can change the range (back button, clear); the inputs follow it unless they already say the same.
  useEffect(() => {
    setFrom((text) => (parsePrice(text) === filter.priceRange.from ? text : priceText(filter.priceRange.from)));
  }, [filter.priceRange.from]);
  useEffect(() => {
    setTo((text) => (parsePrice(text) === filter.priceRange.to ? text : priceText(filter.priceRange.to)));
  }, [filter.priceRange.to]);
  useEffect(
    () => () => {
      if (priceTimer.current) clearTimeout(priceTimer.current);
    },
    [],
  );

  const parsedFrom = parsePrice(from);
  const parsedTo = parsePrice(to);
  const isRangeInverted = parsedFrom !== null && parsedTo !== null && parsedFrom > parsedTo;

  const handlePrice = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (priceTimer.current) clearTimeout(priceTimer.current);
    const range = { from: parsePrice(nextFrom), to: parsePrice(nextTo) };
    if (range.from !== null && range.to !== null && range.from > range.to) return;
    priceTimer.current = setTimeout(() => {
      const current = latest.current.filter;
      if (range.from === current.priceRange.from && range.to === current.priceRange.to) return;
      latest.current.onChange({ ...current, priceRange: range });
    }, PRICE_DELAY_MS);
  };

  const clear = () => {
    // A price typed just before Clear must not bring the old search back.
    if (priceTimer.current) clearTimeout(priceTimer.current);
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
          onChange={(event) => handlePrice(event.currentTarget.value, to)}
          rightSection={t('filter.euro')}
          error={isRangeInverted ? t('filter.priceOrder') : undefined}
        />
        <TextInput
          label={t('filter.priceTo')}
          inputMode="decimal"
          value={to}
          onChange={(event) => handlePrice(from, event.currentTarget.value)}
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
