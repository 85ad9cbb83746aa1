import type { TFunction } from 'i18next';
import type { TFieldErrors } from './validate-offer';

/**
 * The props every wizard field shares: its label, a placeholder marked '*' when required (as the
 * specification marks them), the red label asterisk, and its error in the user's language.
 */
export function fieldProps(t: TFunction, field: string, errors: TFieldErrors, isRequired = true) {
  const label = t(`offerCreation.fields.${field}`);
  const error = errors[field];
  return {
    label,
    placeholder: isRequired ? `${label}*` : label,
    withAsterisk: isRequired,
    error: error ? t(error) : undefined,
    'data-testid': `field-${field}`,
  };
}

/** The help text of a field. */
export const helpOf = (t: TFunction, field: string): string => t(`offerCreation.help.${field}`);
