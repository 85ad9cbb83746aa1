import { ErrorCode, ORGANISATION_PROFILE_PAGE } from '@dsm/contracts';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api';

export type TOrganisationIncompleteAlertProps = {
  /** The failure of the step (checkout, publishing); the alert shows only for an incomplete profile. */
  error: unknown;
  /** What the profile is needed for. */
  purpose: 'checkout' | 'publish';
};

/** Says that the organisation profile lacks what this step needs, with a link to it. */
export function OrganisationIncompleteAlert({ error, purpose }: TOrganisationIncompleteAlertProps) {
  const { t } = useTranslation();
  if (!(error instanceof ApiError) || error.code !== ErrorCode.ORGANISATION_INCOMPLETE) return null;
  return (
    <Alert
      color="yellow"
      // The light variant's yellow title misses AA contrast on its own tint.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      icon={<IconBuilding size={18} aria-hidden />}
      title={t('organisation.incomplete.title')}
      data-testid="organisation-incomplete"
    >
      <Text size="sm">{t(`organisation.incomplete.${purpose}`)}</Text>
      <Anchor component={Link} to={ORGANISATION_PROFILE_PAGE} size="sm" fw={600}>
        {t('organisation.incomplete.link')}
      </Anchor>
    </Alert>
  );
}
