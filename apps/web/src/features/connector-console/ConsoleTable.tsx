import { Alert, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';
import { ResponsiveTable, type TResponsiveTableProps } from '../../shared/ResponsiveTable';

/** What a console list shows of a query or mutation that failed. */
type TFailing = { isError: boolean; error: unknown };

/**
 * One list of the console: a loader while it is asked for, the list's failure and those of its row actions, the text
 * saying it is empty, else its rows as a table (cards on a phone).
 */
export function ConsoleTable<T>({
  query,
  failures = [],
  rows,
  empty,
  ...table
}: Omit<TResponsiveTableProps<T>, 'rows'> & {
  /** The list's query. */
  query: TFailing & { isPending: boolean };
  /** The row actions' mutations, whose failures stand below the list's. */
  failures?: readonly TFailing[];
  /** The rows, undefined until they are loaded. */
  rows: readonly T[] | undefined;
  /** What is said of an empty list. */
  empty: string;
}) {
  const { t } = useTranslation();
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
      {rows?.length === 0 && <Text>{empty}</Text>}
      {rows && rows.length > 0 && <ResponsiveTable rows={rows} {...table} />}
    </>
  );
}
