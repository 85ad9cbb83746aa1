import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/error-message';

/** What `FormSubmit` reads of the form's mutation (a TanStack Query mutation). */
type TSubmitMutation = { isError: boolean; error: unknown; isPending: boolean };

/**
 * The end of a console form: why its last submission failed, and its submit button, busy while the submission
 * runs, with any further buttons beside it.
 */
export function FormSubmit({
  mutation,
  label,
  children,
}: {
  mutation: TSubmitMutation;
  /** The submit button's text. */
  label: string;
  /** Buttons after the submit button. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {mutation.isError && <Alert color="red">{errorMessage(mutation.error, t)}</Alert>}
      <Group>
        <Button type="submit" loading={mutation.isPending}>
          {label}
        </Button>
        {children}
      </Group>
    </>
  );
}
