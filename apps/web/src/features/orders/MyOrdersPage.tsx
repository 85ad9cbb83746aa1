import { Button, Container, Stack, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ListLoadState } from '../../shared/ui/QueryState';
import { ListPagination } from './ListPagination';
import { OrderCard } from './OrderCard';
import { ORDERS_PAGE_SIZE, useOrders } from './use-orders';

/** /orders, 'My orders': the buyer's orders, newest first, with state, total and invoice downloads. */
export function MyOrdersPage() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const orders = useOrders(index);
  const data = orders.data;
  const pages = data ? Math.ceil(data.total / ORDERS_PAGE_SIZE) : 0;

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('orders.title')}</Title>
        <ListLoadState
          query={orders}
          errorTitle={t('orders.errorTitle')}
          retry={t('orders.retry')}
          loading={t('orders.loading')}
        />
        {data && data.total === 0 && (
          <EmptyState
            icon={<IconReceipt size={40} aria-hidden />}
            title={t('orders.emptyTitle')}
            text={t('orders.emptyText')}
          >
            <Button component={Link} to="/results">
              {t('cart.browse')}
            </Button>
          </EmptyState>
        )}
        {data && data.data.length > 0 && (
          <Stack gap="md" data-testid="orders">
            {data.data.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </Stack>
        )}
        <ListPagination pages={pages} index={index} onChange={setIndex} />
      </Stack>
    </Container>
  );
}
