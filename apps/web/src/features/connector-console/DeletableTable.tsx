import { ConsoleTable } from './ConsoleTable';
import type { TConsoleList } from './console-lists';
import { DeleteRowButton, type TDeleteMutation } from './DeleteRowButton';

/** A console list of EDC objects named by their id, each row with its Delete; a failed delete shows below the list. */
export function DeletableTable<T extends { id: string }>({
  list,
  query,
  remove,
}: {
  list: TConsoleList<T>;
  /** The list's query; its data are the rows. */
  query: { isPending: boolean; isError: boolean; error: unknown; data?: readonly T[] | undefined };
  /** The delete mutation, taking a row's id. */
  remove: TDeleteMutation & { isError: boolean; error: unknown };
}) {
  return (
    <ConsoleTable
      list={list}
      query={query}
      failures={[remove]}
      rows={query.data}
      actions={(row) => <DeleteRowButton id={row.id} mutation={remove} />}
    />
  );
}
