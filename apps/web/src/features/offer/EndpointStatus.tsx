import type { TEndpointCheck } from '@dsm/contracts';
import { Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/format';
import { endpointFailureText, endpointStatusText } from './endpoint-status-text';

const COLOURS = { online: 'green.8', offline: 'red.8', missing: 'red.8' } as const;

/** One endpoint's status: the words, a coloured dot (never the only sign), why it is offline and when it was checked. */
export function EndpointStatus({ check }: { check: TEndpointCheck }) {
  const { t } = useTranslation();
  const failure = endpointFailureText(check, t);
  const checkedAt = formatDateTime(check.checkedAt);
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        {check.status === 'pending' ? (
          <Loader size={10} aria-hidden />
        ) : (
          <ThemeIcon size={10} radius="xl" variant="transparent" color={COLOURS[check.status]} aria-hidden>
            <IconCircleFilled size={10} />
          </ThemeIcon>
        )}
        <Text size="sm" fw={500} data-testid="endpoint-status">
          {endpointStatusText(check, t)}
        </Text>
      </Group>
      {failure && (
        <Text size="xs" c="gray.7">
          {failure}
        </Text>
      )}
      {checkedAt && (
        <Text size="xs" c="gray.7" data-testid="endpoint-checked-at">
          {t('offer.status.checkedAt', { date: checkedAt })}
        </Text>
      )}
    </Stack>
  );
}
