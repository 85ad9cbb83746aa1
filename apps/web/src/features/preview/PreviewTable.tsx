import type { TPreview, TPreviewCell } from '@dsm/contracts';
import { Badge, Box, Table, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

const SCROLLER: CSSProperties = {
  maxHeight: '28rem',
  overflow: 'auto',
  border: '1px solid var(--mantine-color-gray-3)',
  borderRadius: 'var(--mantine-radius-sm)',
};
const HEAD: CSSProperties = {
  position: 'sticky',
  top: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: '0 1px 0 var(--mantine-color-gray-4)',
};
const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };
const CELL: CSSProperties = { maxWidth: '24rem', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };
const NUMERIC: CSSProperties = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

export type TPreviewTableProps = {
  preview: Pick<TPreview, 'columns' | 'rows'>;
  /** The endpoint's name, for the table's caption. */
  name: string;
};

const cellText = (cell: TPreviewCell): string => (cell === null ? '' : String(cell));

/**
 * The preview's rows under a sticky header that names each column and its guessed type. The table scrolls inside
 * its own focusable region (sideways on phones), so a keyboard user can scroll it with the arrow keys.
 */
export function PreviewTable({ preview, name }: TPreviewTableProps) {
  const { t } = useTranslation();
  return (
    <Box style={SCROLLER} tabIndex={0} role="region" aria-label={t('preview.tableRegion')} data-testid="preview-table">
      <Table striped withColumnBorders style={{ minWidth: 'max-content' }}>
        <Table.Caption>{t('preview.caption', { name })}</Table.Caption>
        <Table.Thead style={HEAD}>
          <Table.Tr>
            {preview.columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: column names may repeat; the place is the identity.
              <Table.Th key={index} scope="col" style={NOWRAP}>
                <Text component="span" fw={600} size="sm" style={NOWRAP}>
                  {column.name}
                </Text>
                <Badge size="xs" variant="outline" color="gray.8" tt="none" ml={6} data-testid="preview-column-type">
                  {t(`preview.type.${column.type}`)}
                </Badge>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
            <Table.Tr key={rowIndex}>
              {row.map((cell, cellIndex) => (
                <Table.Td
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place.
                  key={cellIndex}
                  style={
                    preview.columns[cellIndex]?.type === 'integer' || preview.columns[cellIndex]?.type === 'number'
                      ? NUMERIC
                      : CELL
                  }
                >
                  {cellText(cell)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
