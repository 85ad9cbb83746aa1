import { type TLicence, ZLicenceCreateRequest } from '@dsm/contracts';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api';
import { errorMessage } from '../../shared/error-message';
import { useCreateLicence } from './use-offer-api';

export type TAddLicenceModalProps = {
  isOpen: boolean;
  onClose(): void;
  /** Called with the new licence once the server stored it. */
  onAdded(licence: TLicence): void;
};

const EMPTY = { licenceId: '', licenceTitle: '', licenceUrl: '' };
type TLicenceForm = typeof EMPTY;

/** The rule each field breaks when the contract refuses it for anything but its length. */
const FORMAT_RULE: Record<keyof TLicenceForm, string> = {
  licenceId: 'offerCreation.rules.INVALID',
  licenceTitle: 'offerCreation.rules.INVALID',
  licenceUrl: 'offerCreation.rules.URL',
};

/**
 * What is missing or malformed in the licence form, as translation keys, before it is sent: the
 * server's own contract decides, so a pasted text the server would refuse (too long, a control
 * character, an id with spaces, an address that is not http(s)) is named at its field instead.
 */
export function validateLicenceForm(form: TLicenceForm): Partial<Record<keyof TLicenceForm, string>> {
  const errors: Partial<Record<keyof TLicenceForm, string>> = {};
  const parsed = ZLicenceCreateRequest.safeParse(form);
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TLicenceForm;
    if (!(field in FORMAT_RULE) || errors[field]) continue;
    errors[field] = !form[field].trim()
      ? 'offerCreation.rules.REQUIRED'
      : issue.code === 'too_big'
        ? 'offerCreation.rules.TOO_LONG'
        : FORMAT_RULE[field];
  }
  return errors;
}

/**
 * 'Add your own Licence': id, title and URL, all required, with Cancel and Add. On success the form
 * resets and the modal closes; a duplicate id or title shows the server's message at that field.
 */
export function AddLicenceModal({ isOpen, onClose, onAdded }: TAddLicenceModalProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TLicenceForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof TLicenceForm, string>>>({});
  const createLicence = useCreateLicence();

  const close = () => {
    setForm(EMPTY);
    setErrors({});
    createLicence.reset();
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLicenceForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    createLicence.mutate(
      { licenceId: form.licenceId.trim(), licenceTitle: form.licenceTitle.trim(), licenceUrl: form.licenceUrl.trim() },
      {
        onSuccess: (licence) => {
          onAdded(licence);
          close();
        },
      },
    );
  };

  const serverError = createLicence.error;
  // A 409 names the field it is about in its message; show it there, anything else above the buttons.
  const conflictField: keyof TLicenceForm | null =
    serverError instanceof ApiError && serverError.status === 409
      ? /^A licence with the title /.test(serverError.message)
        ? 'licenceTitle'
        : 'licenceId'
      : null;
  const field = (name: keyof TLicenceForm, key: string, type = 'text') => {
    const label = t(`offerCreation.licence.${key}`);
    return (
      <TextInput
        label={label}
        placeholder={`${label}*`}
        withAsterisk
        type={type}
        value={form[name]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setForm((current) => ({ ...current, [name]: value }));
        }}
        error={
          errors[name] ? t(errors[name]!) : conflictField === name && serverError ? serverError.message : undefined
        }
        data-testid={`licence-${key}`}
      />
    );
  };

  return (
    <Modal opened={isOpen} onClose={close} title={t('offerCreation.licence.modalTitle')} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {field('licenceId', 'id')}
          {field('licenceTitle', 'title')}
          {field('licenceUrl', 'url', 'url')}
          {serverError && conflictField === null && (
            <Text c="red.8" size="sm" role="alert">
              {errorMessage(serverError, t)}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('offerCreation.licence.cancel')}
            </Button>
            <Button type="submit" loading={createLicence.isPending} data-testid="licence-submit">
              {t('offerCreation.licence.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
