import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type TListPaginationProps = {
  /** How many items the list has (undefined until known); nothing is drawn for one page or none. */
  total: number | undefined;
  /** Items per page. */
  pageSize: number;
  /** The page shown, counted from 0. */
  index: number;
  /** Called with the chosen page, counted from 0. */
  onChange: (index: number) => void;
};

/** Paging under a list of orders, sales or invoices; a new page starts at the top of the window. */
export function ListPagination({ total, pageSize, index, onChange }: TListPaginationProps) {
  const { t } = useTranslation();
  const pages = total ? Math.ceil(total / pageSize) : 0;
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={index + 1}
        onChange={(page) => {
          onChange(page - 1);
          window.scrollTo({ top: 0 });
        }}
        getControlProps={(control) => ({ 'aria-label': t(`orders.page.${control}`) })}
        getItemProps={(page) => ({ 'aria-label': t('orders.page.number', { page }) })}
      />
    </Group>
  );
}
