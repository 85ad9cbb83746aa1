import { Anchor, Button, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOpenedAfterMount } from '../../shared/use-opened-after-mount';

export type TAccessLinkModalProps = {
  /** The endpoint whose link is shown; null closes the modal. */
  endpoint: { name: string; link: string | null; isAccessRestricted: boolean } | null;
  onClose: () => void;
};

/**
 * The access-link modal of the 'Show link' row action: the URL to open or copy, or why there is none
 * (missing, or withheld until the offer is bought).
 */
export function AccessLinkModal({ endpoint, onClose }: TAccessLinkModalProps) {
  const { t } = useTranslation();
  const isOpened = useOpenedAfterMount(endpoint !== null);
  return (
    <Modal opened={isOpened} onClose={onClose} title={t('offer.accessLinkTitle')} size="lg" centered>
      {endpoint && (
        <Stack gap="md">
          <Text fw={500}>{endpoint.name}</Text>
          {endpoint.isAccessRestricted ? (
            <Text data-testid="access-link-restricted">{t('offer.restrictedLinkText')}</Text>
          ) : endpoint.link ? (
            <Anchor
              href={endpoint.link}
              target="_blank"
              rel="noopener noreferrer"
              style={{ wordBreak: 'break-all' }}
              data-testid="access-link"
            >
              {endpoint.link}
            </Anchor>
          ) : (
            <Text c="red.8" data-testid="access-link-missing">
              {t('offer.brokenLink')}
            </Text>
          )}
          <Group justify="flex-end">
            {endpoint.link && !endpoint.isAccessRestricted && (
              <CopyButton value={endpoint.link}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? t('offer.copied') : t('offer.copyLink')}
                  </Button>
                )}
              </CopyButton>
            )}
            <Button onClick={onClose}>{t('offer.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
