import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { FactCard, FactCardList, useIsPhone } from './FactCards';

/** One column: its heading and what a row shows in it. */
export type TResponsiveColumn<T> = { label: string; cell: (row: T) => ReactNode };

export type TResponsiveTableProps<T> = {
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The first column, which names the row: a card's title on a phone. */
  title: TResponsiveColumn<T>;
  /** The columns between the title and the actions: a card's facts on a phone. */
  columns: readonly TResponsiveColumn<T>[];
  /** The last column, the row's buttons: last in a card as well. */
  actions?: TResponsiveColumn<T>;
  /** The table's (or the card list's) test id; each row or card gets `rowTestId`. */
  testId?: string;
  rowTestId?: string;
  /** The card list's accessible name on a phone. */
  label?: string;
};

/** Long identifiers and addresses break anywhere, so a column never pushes the table past the page. */
const WRAP = { overflowWrap: 'anywhere' } as const;

/**
 * A table on a wide screen and one card per row on a phone, with the same facts and actions, so a
 * list of many columns never widens the page. Long cell texts (ids, URLs) wrap instead of stretching
 * their column.
 */
export function ResponsiveTable<T>({
  rows,
  rowKey,
  title,
  columns,
  actions,
  testId,
  rowTestId,
  label,
}: TResponsiveTableProps<T>) {
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <FactCardList label={label} testId={testId}>
        {rows.map((row) => (
          <FactCard
            key={rowKey(row)}
            testId={rowTestId}
            title={title.cell(row)}
            facts={columns.map((column) => ({ label: column.label, value: column.cell(row) }))}
            actions={actions?.cell(row)}
          />
        ))}
      </FactCardList>
    );
  }
  return (
    <Table data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{title.label}</Table.Th>
          {columns.map((column) => (
            <Table.Th key={column.label}>{column.label}</Table.Th>
          ))}
          {actions && <Table.Th>{actions.label}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
            <Table.Td style={WRAP}>{title.cell(row)}</Table.Td>
            {columns.map((column) => (
              <Table.Td key={column.label} style={WRAP}>
                {column.cell(row)}
              </Table.Td>
            ))}
            {actions && <Table.Td>{actions.cell(row)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
