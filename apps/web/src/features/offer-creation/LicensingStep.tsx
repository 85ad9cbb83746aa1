import { CURRENCIES, PAYMENT_MODELS, TIME_UNITS } from '@dsm/contracts';
import { Box, Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddLicenceModal } from './AddLicenceModal';
import { countryOptions } from './country-options';
import { DecimalInput } from './DecimalInput';
import { toDraftNumber } from './EndpointsStep';
import { FieldWithHelp } from './FieldWithHelp';
import { fieldProps, helpOf } from './field-props';
import type { TLicensingInfoDraft } from './form-cache';
import type { TFieldErrors } from './validate-offer';

export type TLicensingStepProps = {
  draft: TLicensingInfoDraft;
  errors: TFieldErrors;
  pricingOption: string;
  licenceTitles: readonly string[];
  onChange: <K extends keyof TLicensingInfoDraft>(field: K, value: TLicensingInfoDraft[K]) => void;
  onLicenceAdded(title: string): void;
};

/** What a restriction looks like until its box is checked: dimmed and out of reach. */
const DIMMED = { opacity: 0.45 };

/** A restriction of the offer: its checkbox, and below it its fields, dimmed and disabled while it is off. */
function Restriction({
  name,
  label,
  isOn,
  onToggle,
  children,
}: {
  /** Names the test ids of the checkbox and the fields. */
  name: string;
  label: string;
  isOn: boolean;
  onToggle: (isOn: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Checkbox
        label={label}
        checked={isOn}
        onChange={(event) => onToggle(event.currentTarget.checked)}
        data-testid={`${name}-checkbox`}
      />
      <Box style={isOn ? undefined : DIMMED} data-testid={`${name}-fields`} data-dimmed={!isOn}>
        {children}
      </Box>
    </Stack>
  );
}

/**
 * Step 3 'Add usage, license and pricing': the licence (with 'Add Licence'), the geo and time
 * restrictions behind their checkboxes, and the payment model, price and currency.
 */
export function LicensingStep({
  draft,
  errors,
  pricingOption,
  licenceTitles,
  onChange,
  onLicenceAdded,
}: TLicensingStepProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const countries = useMemo(() => countryOptions(language), [language]);
  // The geo box starts checked when a stored value exists; so does the time box, so a restored
  // restriction is never hidden while it still applies.
  const [hasGeo, setHasGeo] = useState(() => draft.geoRestriction !== '');
  const [hasTime, setHasTime] = useState(() => draft.timeRestriction !== '');
  const [isLicenceModalOpen, setLicenceModalOpen] = useState(false);
  const isFree = pricingOption === 'FREE';

  return (
    <Stack gap="md">
      <FieldWithHelp label={t('offerCreation.fields.licenceType')} help={helpOf(t, 'licenceType')}>
        <Select
          {...fieldProps(t, 'licenceType', errors)}
          data={[...new Set([...licenceTitles, ...(draft.licenceType ? [draft.licenceType] : [])])]}
          value={draft.licenceType || null}
          onChange={(value) => onChange('licenceType', value ?? '')}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      </FieldWithHelp>
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setLicenceModalOpen(true)}
          data-testid="add-licence"
        >
          {t('offerCreation.licence.add')}
        </Button>
      </Group>
      <AddLicenceModal
        isOpen={isLicenceModalOpen}
        onClose={() => setLicenceModalOpen(false)}
        onAdded={(licence) => onLicenceAdded(licence.licenceTitle)}
      />

      <Restriction
        name="geo"
        label={t('offerCreation.fields.geoRestriction')}
        isOn={hasGeo}
        onToggle={(isChecked) => {
          setHasGeo(isChecked);
          if (!isChecked) onChange('geoRestriction', '');
        }}
      >
        <FieldWithHelp label={t('offerCreation.fields.geoCountry')} help={helpOf(t, 'geoRestriction')}>
          <Select
            {...fieldProps(t, 'geoRestriction', errors)}
            label={t('offerCreation.fields.geoCountry')}
            placeholder={`${t('offerCreation.fields.geoCountry')}*`}
            data={countries}
            value={draft.geoRestriction || null}
            onChange={(value) => onChange('geoRestriction', value ?? '')}
            disabled={!hasGeo}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        </FieldWithHelp>
      </Restriction>

      <Restriction
        name="time"
        label={t('offerCreation.fields.timeRestriction')}
        isOn={hasTime}
        onToggle={(isChecked) => {
          setHasTime(isChecked);
          if (!isChecked) {
            onChange('timeRestriction', '');
            onChange('timeUnit', '');
          }
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FieldWithHelp label={t('offerCreation.fields.timeValue')} help={helpOf(t, 'timeRestriction')}>
            <TextInput
              {...fieldProps(t, 'timeRestriction', errors)}
              label={t('offerCreation.fields.timeValue')}
              placeholder={`${t('offerCreation.fields.timeValue')}*`}
              inputMode="numeric"
              value={draft.timeRestriction}
              onChange={(event) => onChange('timeRestriction', event.currentTarget.value.trim())}
              disabled={!hasTime}
            />
          </FieldWithHelp>
          <FieldWithHelp label={t('offerCreation.fields.timeUnit')} help={helpOf(t, 'timeRestriction')}>
            <Select
              {...fieldProps(t, 'timeUnit', errors)}
              data={TIME_UNITS.map((unit) => ({ value: unit, label: t(`offerCreation.options.timeUnit.${unit}`) }))}
              value={draft.timeUnit || null}
              onChange={(value) => onChange('timeUnit', value ?? '')}
              disabled={!hasTime}
              comboboxProps={{ withinPortal: true }}
            />
          </FieldWithHelp>
        </SimpleGrid>
      </Restriction>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <FieldWithHelp label={t('offerCreation.fields.paymentType')} help={helpOf(t, 'paymentType')}>
          <Select
            {...fieldProps(t, 'paymentType', errors)}
            data={PAYMENT_MODELS.map((model) => ({
              value: model,
              label: t(`offerCreation.options.paymentModel.${model}`),
            }))}
            value={isFree ? 'FREE_OF_CHARGE' : draft.paymentType || null}
            onChange={(value) => onChange('paymentType', value ?? '')}
            disabled={isFree}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </FieldWithHelp>
        <FieldWithHelp label={t('offerCreation.fields.price')} help={helpOf(t, 'price')}>
          <DecimalInput
            {...fieldProps(t, 'price', errors, !isFree)}
            min={0}
            decimalScale={2}
            value={isFree ? 0 : draft.price}
            onChange={(value) => onChange('price', toDraftNumber(value))}
            disabled={isFree}
          />
        </FieldWithHelp>
        <FieldWithHelp label={t('offerCreation.fields.priceUnit')} help={helpOf(t, 'priceUnit')}>
          <Select
            {...fieldProps(t, 'priceUnit', errors, !isFree)}
            data={[...CURRENCIES]}
            value={draft.priceUnit || null}
            onChange={(value) => onChange('priceUnit', value ?? '')}
            searchable
            disabled={isFree}
            comboboxProps={{ withinPortal: true }}
          />
        </FieldWithHelp>
      </SimpleGrid>
    </Stack>
  );
}
