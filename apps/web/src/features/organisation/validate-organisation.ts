import { ORGANISATION_RULES, type TOrganisationInput, ZOrganisationInput } from '@dsm/contracts';

/** Field name → i18n key of what is wrong with it. */
export type TOrganisationErrors = Partial<Record<keyof TOrganisationInput, string>>;

const RULE_KEYS = new Map<string, string>(
  Object.entries(ORGANISATION_RULES).map(([name, message]) => [message, `organisation.rules.${name}`]),
);

/**
 * The first problem of each field, checked with the contract the server checks with (VAT ID per
 * country, IBAN and BIC), as translation keys; empty when the form may be sent.
 */
export function validateOrganisation(values: TOrganisationInput): TOrganisationErrors {
  const result = ZOrganisationInput.safeParse(values);
  if (result.success) return {};
  const errors: TOrganisationErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as keyof TOrganisationInput;
    if (!(field in errors)) errors[field] = RULE_KEYS.get(issue.message) ?? 'organisation.rules.INVALID';
  }
  return errors;
}
