import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What `DeleteRowButton` reads of the delete mutation (a TanStack Query mutation taking the id). */
export type TDeleteMutation = {
  isPending: boolean;
  variables: unknown;
  mutate: (id: string) => void;
};

/** A console table row's Delete: named after the row's object, busy while that object is being deleted. */
export function DeleteRowButton({ id, mutation }: { id: string; mutation: TDeleteMutation }) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="outline"
      color="red.9"
      aria-label={t('console.deleteNamed', { id })}
      loading={mutation.isPending && mutation.variables === id}
      onClick={() => mutation.mutate(id)}
    >
      {t('console.delete')}
    </Button>
  );
}
