import { type TOrganisationConnectorInput, ZOrganisationConnectorInput } from '@dsm/contracts';

/** The form's fields: what is sent, with the key as typed ('' keeps the stored one) and the version API address ('' for none). */
export type TOrganisationConnectorValues = Required<Omit<TOrganisationConnectorInput, 'apiKey' | 'versionUrl'>> & {
  apiKey: string;
  versionUrl: string;
};

/** Field name → i18n key of what is wrong with it. */
export type TOrganisationConnectorErrors = Partial<Record<keyof TOrganisationConnectorValues, string>>;

/**
 * The body the form sends: a key left empty is left out, so the server keeps the stored one; an empty version API
 * address is left out, so none is stored.
 */
export function connectorBodyOf(values: TOrganisationConnectorValues): TOrganisationConnectorInput {
  const { apiKey, versionUrl, ...rest } = values;
  return {
    ...rest,
    ...(apiKey === '' ? {} : { apiKey }),
    ...(versionUrl.trim() === '' ? {} : { versionUrl: versionUrl.trim() }),
  };
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
            : field === 'protocolUrl' || field === 'managementUrl' || field === 'versionUrl'
              ? 'organisationConnector.rules.URL'
              : 'organisationConnector.rules.INVALID';
  }
  if (!hasStoredKey && values.apiKey === '' && !('apiKey' in errors)) {
    errors.apiKey = 'organisationConnector.rules.REQUIRED';
  }
  return errors;
}
