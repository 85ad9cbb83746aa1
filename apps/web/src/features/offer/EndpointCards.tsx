import { useTranslation } from 'react-i18next';
import { FactCard, FactCardList } from '../../shared/FactCards';
import { EndpointActions, EndpointLink } from './EndpointParts';
import { EndpointStatus } from './EndpointStatus';
import type { TEndpointsTableProps } from './endpoint-rows';

/**
 * The endpoints on a phone: one card each, with the same facts and actions as a table row, so the
 * status and the actions are on screen without scrolling sideways.
 */
export function EndpointCards({ rows, onShowLink }: TEndpointsTableProps) {
  const { t } = useTranslation();
  return (
    <FactCardList testId="endpoint-cards">
      {rows.map((row) => (
        <FactCard
          key={row.id}
          testId="endpoint-card"
          title={row.name}
          summary={<EndpointStatus check={row.check} />}
          facts={[
            { label: t('offer.column.type'), value: row.type ?? t('offer.notAvailable') },
            { label: t('offer.column.licence'), value: row.licence },
            { label: t('offer.column.link'), value: <EndpointLink row={row} /> },
          ]}
          actions={<EndpointActions row={row} onShowLink={onShowLink} />}
        />
      ))}
    </FactCardList>
  );
}
