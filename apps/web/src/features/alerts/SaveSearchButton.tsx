import type { TSavedSearchInput } from '@dsm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { SaveSearchButtonFace } from './SaveSearchButtonFace';
import { SaveSearchDialog, saveErrorMessage } from './SaveSearchDialog';
import { useCreateSavedSearch } from './use-alerts';

export type TSaveSearchButtonProps = {
  /** The search as the results page runs it. */
  search: Omit<TSavedSearchInput, 'name' | 'isAlertEnabled' | 'language'>;
  /** The name the dialog suggests. */
  suggestedName: string;
};

/** "Save this search" on the results page: asks for a name and whether to alert, then saves. */
export function SaveSearchButton({ search, suggestedName }: TSaveSearchButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const create = useCreateSavedSearch();
  const showAlert = useAlert();
  return (
    <>
      <SaveSearchButtonFace
        onClick={() => {
          create.reset();
          setOpen(true);
        }}
      />
      <SaveSearchDialog
        opened={isOpen}
        initialName={suggestedName}
        hasAlertSwitch
        title={t('alerts.save.title')}
        submitLabel={t('alerts.save.submit')}
        isPending={create.isPending}
        error={create.isError ? saveErrorMessage(t, create.error) : null}
        onCancel={() => setOpen(false)}
        onSubmit={({ name, isAlertEnabled }) =>
          create.mutate(
            { ...search, name, isAlertEnabled },
            {
              onSuccess: () => {
                setOpen(false);
                showAlert(t('alerts.save.saved', { name }), { type: 'success' });
              },
            },
          )
        }
      />
    </>
  );
}
