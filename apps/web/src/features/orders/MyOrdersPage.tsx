import { Button, Container, Stack, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../shared/ui/QueryState';
import { ListPagination } from './ListPagination';
import { OrderCard } from './OrderCard';
import { PagedCards } from './PagedCards';
import { ORDERS_PAGE_SIZE, useOrders } from './use-orders';

/** /orders, 'My orders': the buyer's orders, newest first, with state, total and invoice downloads. */
export function MyOrdersPage() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const orders = useOrders(index);

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('orders.title')}</Title>
        <PagedCards
          query={orders}
          errorTitle={t('orders.errorTitle')}
          loading={t('orders.loading')}
          empty={
            <EmptyState
              icon={<IconReceipt size={40} aria-hidden />}
              title={t('orders.emptyTitle')}
              text={t('orders.emptyText')}
            >
              <Button component={Link} to="/results">
                {t('cart.browse')}
              </Button>
            </EmptyState>
          }
          testId="orders"
          card={(order) => <OrderCard key={order.id} order={order} />}
        />
        <ListPagination total={orders.data?.total} pageSize={ORDERS_PAGE_SIZE} index={index} onChange={setIndex} />
      </Stack>
    </Container>
  );
}
