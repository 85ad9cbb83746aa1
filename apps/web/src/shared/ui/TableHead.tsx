import { Table } from '@mantine/core';

/** A table's head: one row of column headings in their order; a column the table leaves out is given as false. */
export function TableHead({ columns }: { columns: readonly (string | false)[] }) {
  return (
    <Table.Thead>
      <Table.Tr>{columns.map((column) => column !== false && <Table.Th key={column}>{column}</Table.Th>)}</Table.Tr>
    </Table.Thead>
  );
}
