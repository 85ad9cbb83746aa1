import { PAYMENT_MODELS, type TPaymentModel } from '@dsm/contracts';
import { Button, MultiSelect, Select, Stack, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryText } from '../labels';
import { EMPTY_OFFER_LIST_FILTER, type TOfferListFilter } from './offer-list-filter';

export type TOfferListFilterProps = {
  filter: TOfferListFilter;
  /** The categories of the listed offers. */
  categories: readonly string[];
  onChange: (filter: TOfferListFilter) => void;
};

/** The filter panel of the watchlist and My Acquisitions: text, category and payment model, applied at once. */
export function OfferListFilter({ filter, categories, onChange }: TOfferListFilterProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const categoryOptions = [...new Set([...filter.categories, ...categories])].map((category) => ({
    value: category,
    label: categoryText(t, category),
  }));
  return (
    <Stack gap="md" component="aside" aria-labelledby={titleId} data-testid="offer-list-filter">
      <Title order={2} size="h4" id={titleId}>
        {t('filter.title')}
      </Title>
      <TextInput
        label={t('offerList.text')}
        placeholder={t('offerList.textPlaceholder')}
        value={filter.text}
        onChange={(event) => onChange({ ...filter, text: event.currentTarget.value })}
        data-testid="offer-list-text"
      />
      <MultiSelect
        label={t('filter.categories')}
        data={categoryOptions}
        value={filter.categories}
        onChange={(next) => onChange({ ...filter, categories: next })}
        searchable
        clearable
        nothingFoundMessage={t('offerList.noCategories')}
      />
      <Select
        label={t('offerList.paymentModel')}
        data={[
          { value: '', label: t('offerList.anyPaymentModel') },
          ...PAYMENT_MODELS.map((model) => ({ value: model, label: t(`offerList.payment.${model}`) })),
        ]}
        value={filter.paymentModel ?? ''}
        onChange={(value) => onChange({ ...filter, paymentModel: value ? (value as TPaymentModel) : null })}
        allowDeselect={false}
      />
      <Button variant="light" onClick={() => onChange(EMPTY_OFFER_LIST_FILTER)} data-testid="offer-list-clear">
        {t('filter.clear')}
      </Button>
    </Stack>
  );
}
