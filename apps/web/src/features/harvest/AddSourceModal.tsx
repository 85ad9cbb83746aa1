import { HARVEST_FORMATS } from '@dsm/contracts';
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { type CSSProperties, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { ApiError } from '../../shared/api';
import { errorMessage } from '../../shared/error-message';
import { EMPTY_SOURCE_FORM, isHarvestFormat, parseSourceForm, type TSourceFormErrors } from './source-form';
import { useAddHarvestSource } from './use-harvest-sources';

/**
 * Mantine's hint (gray 6) and error (red 6) colours miss the AA contrast ratio on white; the form's
 * fields take darker shades of the same colours.
 */
const AA_FIELD_COLORS = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-color-error': 'var(--mantine-color-red-9)',
} as CSSProperties;

export type TAddSourceModalProps = {
  isOpen: boolean;
  onClose: () => void;
};

/**
 * The add-source form in a modal: checked with the contract before it is sent, each message at its
 * field; what the server still refuses is shown in the form (a taken name at the name field).
 */
export function AddSourceModal({ isOpen, onClose }: TAddSourceModalProps) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const add = useAddHarvestSource();
  const [values, setValues] = useState(EMPTY_SOURCE_FORM);
  const [errors, setErrors] = useState<TSourceFormErrors>({});

  const close = () => {
    setValues(EMPTY_SOURCE_FORM);
    setErrors({});
    add.reset();
    onClose();
  };
  const text = (name: 'name' | 'location' | 'schedule') => ({
    value: values[name],
    error: errors[name] ? t(errors[name]) : undefined,
    onChange: (event: FormEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.currentTarget.value }),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = parseSourceForm(values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    add.mutate(result.request, {
      onSuccess: (source) => {
        showAlert(t('harvest.added', { name: source.name }));
        close();
      },
    });
  };
  const isConflict = add.error instanceof ApiError && add.error.code === 'CONFLICT';

  return (
    <Modal
      opened={isOpen}
      onClose={close}
      title={t('harvest.addSource')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('harvest.close') }}
    >
      {/* noValidate: the contract's checks speak at the fields, in the page's language. */}
      <form
        noValidate
        onSubmit={handleSubmit}
        aria-label={t('harvest.addSource')}
        data-testid="add-source-form"
        style={AA_FIELD_COLORS}
      >
        <Stack gap="sm">
          <TextInput
            label={t('harvest.name')}
            required
            data-autofocus
            {...text('name')}
            // A taken name is the name field's problem: marked there as well, so the fix is plain.
            error={text('name').error ?? (isConflict ? t('harvest.errors.nameTaken') : undefined)}
          />
          <TextInput
            label={t('harvest.location')}
            description={t('harvest.locationHint')}
            required
            {...text('location')}
          />
          <NativeSelect
            label={t('harvest.format')}
            required
            value={values.format}
            error={errors.format ? t(errors.format) : undefined}
            onChange={(event) => {
              const format = event.currentTarget.value;
              setValues({ ...values, format: isHarvestFormat(format) ? format : '' });
            }}
            data={[
              { value: '', label: t('harvest.chooseFormat') },
              ...HARVEST_FORMATS.map((format) => ({ value: format, label: t(`harvest.formats.${format}`) })),
            ]}
          />
          <TextInput label={t('harvest.schedule')} description={t('harvest.scheduleHint')} {...text('schedule')} />
          {add.isError && (
            <Alert color="red" role="alert" data-testid="add-source-error">
              {errorMessage(add.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('harvest.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('harvest.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
