import type { TOffer } from '@dsm/contracts';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { agentName, offerPublisher } from '../../shared/offer/publisher-name';
import { publisherPagePath } from '../../shared/offer/publisher-path';

/** "Published by X" on the details page, X linking to the publisher's page; nothing when the offer names none. */
export function PublisherLink({ offer }: { offer: TOffer }) {
  const { t } = useTranslation();
  const publisher = offerPublisher(offer);
  if (!publisher) return null;
  return (
    <Text size="sm" data-testid="offer-publisher">
      {t('publisher.publishedBy')}{' '}
      <Anchor component={Link} to={publisherPagePath(publisher['@id'])} fw={600} underline="always">
        {agentName(publisher) ?? t('results.unknownPublisher')}
      </Anchor>
    </Text>
  );
}
