import { type TOrganisationConnectorInput, ZOrganisationConnectorInput } from '@dsm/contracts';

/** The form's fields: what is sent, with the key as typed ('' keeps the stored one). */
export type TOrganisationConnectorValues = Required<Omit<TOrganisationConnectorInput, 'apiKey'>> & { apiKey: string };

/** Field name → i18n key of what is wrong with it. */
export type TOrganisationConnectorErrors = Partial<Record<keyof TOrganisationConnectorValues, string>>;

/** The body the form sends: a key left empty is left out, so the server keeps the stored one. */
export function connectorBodyOf(values: TOrganisationConnectorValues): TOrganisationConnectorInput {
  const { apiKey, ...rest } = values;
  return apiKey === '' ? rest : { ...rest, apiKey };
}

/**
 * The first problem of each field, checked with the contract the server checks with, as translation keys; a key
 * is required unless one is stored (`hasStoredKey`). Empty when the form may be sent.
 */
export function validateOrganisationConnector(
  values: TOrganisationConnectorValues,
  hasStoredKey: boolean,
): TOrganisationConnectorErrors {
  const errors: TOrganisationConnectorErrors = {};
  const result = ZOrganisationConnectorInput.safeParse(connectorBodyOf(values));
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0]) as keyof TOrganisationConnectorValues;
    if (field in errors) continue;
    const value = values[field];
    errors[field] =
      typeof value === 'string' && value.trim() === ''
        ? 'organisationConnector.rules.REQUIRED'
        : issue.code === 'too_big'
          ? 'organisationConnector.rules.TOO_LONG'
          : field === 'participantId'
            ? 'organisationConnector.rules.PARTICIPANT_ID'
            : field === 'protocolUrl' || field === 'managementUrl'
              ? 'organisationConnector.rules.URL'
              : 'organisationConnector.rules.INVALID';
  }
  if (!hasStoredKey && values.apiKey === '' && !('apiKey' in errors)) {
    errors.apiKey = 'organisationConnector.rules.REQUIRED';
  }
  return errors;
}
