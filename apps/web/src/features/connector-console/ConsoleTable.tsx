import { Alert, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { ResponsiveTable, type TResponsiveColumn } from '../../shared/ResponsiveTable';
import type { TConsoleColumn, TConsoleList } from './console-lists';

/** What a console list shows of a query or mutation that failed. */
type TFailing = { isError: boolean; error: unknown };

/**
 * One list of the console: a loader while it is asked for, the list's failure and those of its row actions, the text
 * saying it is empty, else its rows as a table (cards on a phone) with the columns its description names.
 */
export function ConsoleTable<T>({
  list,
  query,
  failures = [],
  rows,
  actions,
}: {
  /** What the list is: its names and columns. */
  list: TConsoleList<T>;
  /** The list's query. */
  query: TFailing & { isPending: boolean };
  /** The row actions' mutations, whose failures stand below the list's. */
  failures?: readonly TFailing[];
  /** The rows, undefined until they are loaded. */
  rows: readonly T[] | undefined;
  /** A row's buttons, in the last column. */
  actions?: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const column = ({ label, cell }: TConsoleColumn<T>): TResponsiveColumn<T> => ({
    label: t(label),
    cell: (row) => cell(row, t),
  });
  return (
    <>
      {query.isPending && <Loader role="status" aria-label={t('console.loading')} />}
      {[query, ...failures].map(
        (failing, index) =>
          failing.isError && (
            // biome-ignore lint/suspicious/noArrayIndexKey: the failures stand in a fixed order.
            <Alert color="red" key={index}>
              {errorMessage(failing.error, t)}
            </Alert>
          ),
      )}
      {rows?.length === 0 && <Text>{t(list.empty)}</Text>}
      {rows && rows.length > 0 && (
        <ResponsiveTable
          rows={rows}
          rowKey={list.rowKey}
          title={column(list.title)}
          columns={list.columns.map(column)}
          actions={actions && { label: t('console.actions'), cell: actions }}
          testId={list.testId}
          rowTestId={list.rowTestId}
          label={t(list.label)}
        />
      )}
    </>
  );
}
