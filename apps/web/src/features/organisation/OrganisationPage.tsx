import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { errorMessage } from '../../shared/error-message';
import { OrganisationConnectorSection } from './OrganisationConnectorSection';
import { OrganisationForm } from './OrganisationForm';
import { useOwnOrganisation } from './use-organisation';
import { useSaveOrganisation } from './use-save-organisation';

/**
 * /profile/organisation: the organisation the user buys and sells for, as invoices name it. Says
 * what is still missing to check out or to publish paid offers, and the organisation's own connector.
 */
export function OrganisationPage() {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const own = useOwnOrganisation();
  const save = useSaveOrganisation();

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('organisation.title')}</Title>
        <Text>{t('organisation.intro')}</Text>
        {own.isPending && <Loader role="status" size="sm" aria-label={t('organisation.loading')} />}
        {own.isError && (
          <Alert color="red" role="alert">
            {errorMessage(own.error, t)}
          </Alert>
        )}
        {own.data && (
          <>
            <Alert
              color={own.data.canSell ? 'green' : 'yellow'}
              // The light variant's yellow or green title misses AA contrast on its own tint.
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
              data-testid="organisation-status"
              title={t(
                own.data.canSell
                  ? 'organisation.status.complete'
                  : own.data.canBuy
                    ? 'organisation.status.canBuy'
                    : 'organisation.status.empty',
              )}
            >
              {!own.data.canSell &&
                t('organisation.status.missing', {
                  fields: own.data.missingToSell.map((name) => t(`organisation.fields.${name}`)).join(', '),
                })}
            </Alert>
            <OrganisationForm
              key={own.data.organisation?.updatedAt ?? 'new'}
              organisation={own.data.organisation}
              isSaving={save.isPending}
              onSave={(values) =>
                save.mutate(values, {
                  onSuccess: () => showAlert(t('organisation.saved')),
                  onError: (error) => showAlert(errorMessage(error, t), { type: 'error' }),
                })
              }
            />
            {own.data.organisation ? (
              <OrganisationConnectorSection organisationId={own.data.organisation.id} />
            ) : (
              <Text c="dimmed" size="sm" data-testid="organisation-connector-later">
                {t('organisationConnector.afterSave')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
