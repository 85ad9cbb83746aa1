import type { TSavedSearch } from '@dsm/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAlert } from '../../shared/AlertProvider';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { errorMessage } from '../../shared/error-message';
import { formatDateTime } from '../../shared/format/format';
import { savedSearchPath } from './notification-text';
import { SaveSearchDialog, saveErrorMessage } from './SaveSearchDialog';
import {
  useAlertPreferences,
  useChangeAlertPreferences,
  useChangeSavedSearch,
  useDeleteSavedSearch,
  useSavedSearches,
} from './use-alerts';

/**
 * The user's saved searches: run, rename, alerts on or off, delete (after asking); and the alerts about
 * watched and bought offers. `?run=<id>` (a digest's link) opens that search's results.
 */
export function SavedSearchesPage() {
  const { t } = useTranslation();
  const saved = useSavedSearches();
  const change = useChangeSavedSearch();
  const remove = useDeleteSavedSearch();
  const showAlert = useAlert();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [renaming, setRenaming] = useState<TSavedSearch | null>(null);
  const [deleting, setDeleting] = useState<TSavedSearch | null>(null);
  const runId = params.get('run');

  useEffect(() => {
    const target = runId ? saved.data?.items.find((item) => item.id === runId) : undefined;
    if (target) navigate(savedSearchPath(target), { replace: true });
  }, [runId, saved.data, navigate]);

  const toggle = (item: TSavedSearch, isAlertEnabled: boolean) =>
    change.mutate(
      { id: item.id, change: { isAlertEnabled } },
      { onError: (error) => showAlert(errorMessage(error, t), { type: 'error' }) },
    );

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('alerts.page.title')}
        </Title>
        {saved.isPending && <Loader role="status" aria-label={t('alerts.page.loading')} />}
        {saved.isError && (
          <Alert color="red" role="alert" data-testid="saved-searches-error">
            {t('alerts.page.error')}
            <Button variant="subtle" size="compact-sm" ml="sm" onClick={() => void saved.refetch()}>
              {t('alerts.page.retry')}
            </Button>
          </Alert>
        )}
        {saved.data?.items.length === 0 && (
          <Card withBorder data-testid="saved-searches-empty">
            <Text fw={600}>{t('alerts.page.emptyTitle')}</Text>
            <Text size="sm" c="gray.7">
              {t('alerts.page.emptyText')}
            </Text>
            <Button component={Link} to="/results" variant="light" mt="sm" w="fit-content">
              {t('alerts.page.toSearch')}
            </Button>
          </Card>
        )}
        {saved.data && saved.data.items.length > 0 && (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="saved-searches">
            {saved.data.items.map((item) => (
              <Card component="li" withBorder key={item.id} data-testid="saved-search">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                  <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="saved-search-name">
                      {item.name}
                    </Text>
                    <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {item.query ? item.query.split('|').join(', ') : t('alerts.page.wholeCatalogue')}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {item.lastNotifiedAt
                        ? t('alerts.page.lastAlert', { date: formatDateTime(item.lastNotifiedAt) })
                        : t('alerts.page.noAlertYet')}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      component={Link}
                      to={savedSearchPath(item)}
                      size="xs"
                      variant="light"
                      leftSection={<IconSearch size={16} aria-hidden />}
                      aria-label={t('alerts.page.runNamed', { name: item.name })}
                      data-testid="saved-search-run"
                    >
                      {t('alerts.page.run')}
                    </Button>
                    <Tooltip label={t('alerts.page.rename')}>
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={t('alerts.page.renameNamed', { name: item.name })}
                        onClick={() => {
                          change.reset();
                          setRenaming(item);
                        }}
                        data-testid="saved-search-rename"
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('alerts.page.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="lg"
                        aria-label={t('alerts.page.deleteNamed', { name: item.name })}
                        onClick={() => setDeleting(item)}
                        data-testid="saved-search-delete"
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
                <Switch
                  mt="sm"
                  label={t('alerts.page.alerts')}
                  checked={item.isAlertEnabled}
                  onChange={(event) => toggle(item, event.currentTarget.checked)}
                  data-testid="saved-search-alerts"
                />
              </Card>
            ))}
          </Stack>
        )}
        <WatchedOfferAlerts />
      </Stack>
      <SaveSearchDialog
        opened={renaming !== null}
        initialName={renaming?.name ?? ''}
        hasAlertSwitch={false}
        title={t('alerts.page.renameTitle')}
        submitLabel={t('alerts.page.renameSubmit')}
        isPending={change.isPending}
        error={change.isError ? saveErrorMessage(t, change.error) : null}
        onCancel={() => setRenaming(null)}
        onSubmit={({ name }) =>
          renaming && change.mutate({ id: renaming.id, change: { name } }, { onSuccess: () => setRenaming(null) })
        }
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('alerts.page.deleteTitle')}
        text={t('alerts.page.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('alerts.page.delete')}
        isDestructive
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => showAlert(errorMessage(error, t), { type: 'error' }),
          })
        }
        testId="saved-search-delete-dialog"
      />
    </Container>
  );
}

/** The switches of the alerts on watched offers: the preference each one sets, its text and its test id. */
const ALERT_SWITCHES = [
  { preference: 'isPriceAlertEnabled', label: 'alerts.page.priceAlerts', testId: 'price-alerts' },
  { preference: 'isEndpointAlertEnabled', label: 'alerts.page.endpointAlerts', testId: 'endpoint-alerts' },
] as const;

/** The alerts about liked (watched) and bought offers: price changes and endpoints going Offline or Online. */
function WatchedOfferAlerts() {
  const { t } = useTranslation();
  const preferences = useAlertPreferences();
  const change = useChangeAlertPreferences();
  return (
    <Card withBorder component="section" aria-labelledby="watched-alerts-title">
      <Title order={2} size="h4" id="watched-alerts-title" mb="xs">
        {t('alerts.page.watchedTitle')}
      </Title>
      {preferences.isPending && <Loader size="sm" role="status" aria-label={t('alerts.page.loading')} />}
      {preferences.isError && (
        <Alert color="red" role="alert">
          {t('alerts.page.error')}
        </Alert>
      )}
      {preferences.data && (
        <Stack gap="xs">
          {ALERT_SWITCHES.map(({ preference, label, testId }) => (
            <Switch
              key={preference}
              label={t(label)}
              checked={preferences.data[preference]}
              disabled={change.isPending}
              onChange={(event) => change.mutate({ [preference]: event.currentTarget.checked })}
              data-testid={testId}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
