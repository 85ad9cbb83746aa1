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
  return (
    <Stack gap="md">
      {text('title')}
      <FieldWithHelp label={t('offerCreation.fields.description')} help={helpOf(t, 'description')}>
        <Textarea
          {...fieldProps(t, 'description', errors)}
          autosize
          minRows={3}
          maxRows={7}
          value={draft.description}
          onChange={(event) => onChange('description', event.currentTarget.value)}
        />
      </FieldWithHelp>
      <FieldWithHelp label={t('offerCreation.fields.keywords')} help={helpOf(t, 'keywords')}>
        <Textarea
          {...fieldProps(t, 'keywords', errors, false)}
          autosize
          minRows={1}
          maxRows={3}
          value={draft.keywords}
          onChange={(event) => onChange('keywords', event.currentTarget.value)}
        />
      </FieldWithHelp>
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
