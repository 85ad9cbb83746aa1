import type { TSavedSearchInput } from '@dsm/contracts';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/AlertProvider';
import { useOpenedAfterMount } from '../../shared/use-opened-after-mount';
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
  const [hasOpened, setHasOpened] = useState(false);
  const create = useCreateSavedSearch();
  const showAlert = useAlert();
  return (
    <>
      <SaveSearchButtonFace
        onClick={() => {
          create.reset();
          setHasOpened(true);
          setOpen(true);
        }}
      />
      {hasOpened && (
        <DialogOnceOpened
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
      )}
    </>
  );
}

/**
 * The dialog, mounted at its first opening: mounted closed with the results, its modal and scroll area
 * were part of the long task in which a phone's results page settles. It opens one render after
 * mounting, so focus still returns to the button on close.
 */
function DialogOnceOpened(props: ComponentProps<typeof SaveSearchDialog>) {
  return <SaveSearchDialog {...props} opened={useOpenedAfterMount(props.opened)} />;
}
