import { CATEGORIES } from '@dsm/contracts';
import { MultiSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FieldWithHelp } from './FieldWithHelp';
import { fieldProps, helpOf } from './field-props';
import type { TGeneralInfoDraft } from './form-cache';
import type { TFieldErrors } from './validate-offer';

export type TGeneralInfoStepProps = {
  draft: TGeneralInfoDraft;
  errors: TFieldErrors;
  onChange: <K extends keyof TGeneralInfoDraft>(field: K, value: TGeneralInfoDraft[K]) => void;
};

/** Step 1 'Asset Information': title, description, keywords, categories, author and maintainer. */
export function GeneralInfoStep({ draft, errors, onChange }: TGeneralInfoStepProps) {
  const { t } = useTranslation();
  const text = (field: 'title' | 'authorName' | 'authorEmail' | 'maintainerName' | 'maintainerEmail') => (
    <FieldWithHelp label={t(`offerCreation.fields.${field}`)} help={helpOf(t, field)}>
      <TextInput
        {...fieldProps(t, field, errors)}
        type={field.endsWith('Email') ? 'email' : 'text'}
        value={draft[field]}
        onChange={(event) => onChange(field, event.currentTarget.value)}
      />
    </FieldWithHelp>
  );
  const area = (field: 'description' | 'keywords', minRows: number, maxRows: number, isRequired: boolean) => (
    <FieldWithHelp label={t(`offerCreation.fields.${field}`)} help={helpOf(t, field)}>
      <Textarea
        {...fieldProps(t, field, errors, isRequired)}
        autosize
        minRows={minRows}
        maxRows={maxRows}
        value={draft[field]}
        onChange={(event) => onChange(field, event.currentTarget.value)}
      />
    </FieldWithHelp>
  );

  return (
    <Stack gap="md">
      {text('title')}
      {area('description', 3, 7, true)}
      {area('keywords', 1, 3, false)}
      <FieldWithHelp label={t('offerCreation.fields.categories')} help={helpOf(t, 'categories')}>
        <MultiSelect
          {...fieldProps(t, 'categories', errors)}
          placeholder={draft.categories.length === 0 ? `${t('offerCreation.fields.categories')}*` : undefined}
          data={CATEGORIES.map((category) => ({ value: category, label: t(`category.${category}`) }))}
          value={draft.categories}
          onChange={(value) => onChange('categories', value)}
          searchable
          clearable
          hidePickedOptions
          comboboxProps={{ withinPortal: true }}
        />
      </FieldWithHelp>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {text('authorName')}
        {text('authorEmail')}
        {text('maintainerName')}
        {text('maintainerEmail')}
      </SimpleGrid>
    </Stack>
  );
}
