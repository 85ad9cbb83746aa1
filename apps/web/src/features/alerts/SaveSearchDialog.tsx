import { MAX_SAVED_SEARCH_NAME, MAX_SAVED_SEARCHES } from '@dsm/contracts';
import { Alert, Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../shared/AppModal';
import { ApiError } from '../../shared/api';
import { errorMessage } from '../../shared/error-message';

/** Why saving or renaming failed, in the page's language for the refusals the user can act on. */
export function saveErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === 'CONFLICT') {
    return /at most/.test(error.message)
      ? t('alerts.save.limit', { max: MAX_SAVED_SEARCHES })
      : t('alerts.save.duplicate');
  }
  return errorMessage(error, t);
}

export type TSaveSearchDialogProps = {
  opened: boolean;
  /** The name the field starts with (the search's terms, or the saved name when renaming). */
  initialName: string;
  /** Shows the alerts switch (saving); renaming leaves alerts alone. */
  hasAlertSwitch: boolean;
  title: string;
  submitLabel: string;
  isPending: boolean;
  /** The server's refusal, shown in the dialog. */
  error: string | null;
  onSubmit: (values: { name: string; isAlertEnabled: boolean }) => void;
  onCancel: () => void;
};

/** Asks for a saved search's name (and, when saving, whether it alerts about new offers). */
export function SaveSearchDialog(props: TSaveSearchDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.initialName);
  const [isAlertEnabled, setAlertEnabled] = useState(true);
  const [isTouched, setTouched] = useState(false);
  useEffect(() => {
    if (props.opened) {
      setName(props.initialName);
      setAlertEnabled(true);
      setTouched(false);
    }
  }, [props.opened, props.initialName]);
  const trimmed = name.trim();
  const problem =
    trimmed.length === 0
      ? t('alerts.save.nameRequired')
      : trimmed.length > MAX_SAVED_SEARCH_NAME
        ? t('alerts.save.nameTooLong', { max: MAX_SAVED_SEARCH_NAME })
        : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    props.onSubmit({ name: trimmed, isAlertEnabled });
  };

  return (
    <AppModal opened={props.opened} onClose={props.onCancel} title={props.title}>
      <form onSubmit={handleSubmit} noValidate data-testid="save-search-dialog">
        <Stack gap="md">
          <TextInput
            label={t('alerts.save.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={isTouched ? problem : null}
            required
            data-autofocus
            data-testid="save-search-name"
          />
          {props.hasAlertSwitch && (
            <Switch
              label={t('alerts.save.alerts')}
              description={t('alerts.save.alertsHint')}
              // Mantine's dimmed grey is below the contrast WCAG AA asks of small text.
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              checked={isAlertEnabled}
              onChange={(event) => setAlertEnabled(event.currentTarget.checked)}
              data-testid="save-search-alerts"
            />
          )}
          {props.error && (
            <Alert color="red" role="alert" data-testid="save-search-error">
              {props.error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onCancel}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={props.isPending} data-testid="save-search-submit">
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
