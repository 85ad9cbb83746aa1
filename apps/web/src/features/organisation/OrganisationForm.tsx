import { COUNTRY_CODES, type TOrganisation, type TOrganisationInput } from '@dsm/contracts';
import { Button, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TOrganisationErrors, validateOrganisation } from './validate-organisation';

export type TOrganisationFormProps = {
  /** The saved organisation, or null for a user who has none yet. */
  organisation: TOrganisation | null;
  isSaving: boolean;
  /** Called with values that passed the same checks the server makes. */
  onSave(values: TOrganisationInput): void;
};

const EMPTY: TOrganisationInput = {
  legalName: '',
  street: '',
  postalCode: '',
  city: '',
  country: 'DE',
  vatId: '',
  iban: '',
  bic: '',
  contactEmail: '',
  contactPhone: '',
};

function valuesOf(organisation: TOrganisation | null): TOrganisationInput {
  if (!organisation) return EMPTY;
  const { id: _id, updatedAt: _updatedAt, ...values } = organisation;
  return values;
}

/**
 * The organisation profile form: name, postal address, country, VAT ID, bank account and contact
 * e-mail, each with its message at the field when Save finds it wrong.
 */
export function OrganisationForm({ organisation, isSaving, onSave }: TOrganisationFormProps) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<TOrganisationInput>(() => valuesOf(organisation));
  const [errors, setErrors] = useState<TOrganisationErrors>({});

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` })).sort((a, b) =>
      a.label.localeCompare(b.label, i18n.language),
    );
  }, [i18n.language]);

  const field = (name: keyof TOrganisationInput) => ({
    label: t(`organisation.fields.${name}`),
    value: values[name] ?? '',
    error: errors[name] ? t(errors[name]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    'data-testid': `organisation-${name}`,
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateOrganisation(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(values);
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="organisation-form">
      <Stack gap="md">
        <TextInput {...field('legalName')} required />
        <TextInput {...field('street')} required />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...field('postalCode')} required />
          <TextInput {...field('city')} required />
        </SimpleGrid>
        <Select
          label={t('organisation.fields.country')}
          data={countries}
          value={values.country ?? null}
          onChange={(value) => setValues((current) => ({ ...current, country: value ?? '' }))}
          error={errors.country ? t(errors.country) : undefined}
          searchable
          required
          data-testid="organisation-country"
        />
        <TextInput {...field('contactEmail')} type="email" required />
        <TextInput {...field('contactPhone')} type="tel" description={t('organisation.hints.contactPhone')} />
        <TextInput {...field('vatId')} description={t('organisation.hints.vatId')} />
        <Title order={2} size="h4">
          {t('organisation.bankTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...field('iban')} description={t('organisation.hints.bank')} />
          <TextInput {...field('bic')} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={isSaving} data-testid="organisation-save">
            {t('organisation.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
