/** Why a password was refused; each has a message on the sign-up page. */
export type TPasswordProblem = 'too_short' | 'too_long' | 'needs_letter_and_digit' | 'contains_email';

/** Fewest characters a password must have. */
export const MIN_PASSWORD_LENGTH = 10;
/** Most characters accepted: scrypt's cost grows with the input, so a megabyte password is refused early. */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * The strength rule of sign-up: at least 10 characters with at least one letter and one digit,
 * and not containing the e-mail address's local part (the part before the @, when it has three or
 * more characters). Returns the first problem found, or null for an acceptable password.
 */
export function checkPasswordStrength(password: string, email: string): TPasswordProblem | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return 'too_short';
  if (length > MAX_PASSWORD_LENGTH) return 'too_long';
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) return 'needs_letter_and_digit';
  const localPart = email.trim().split('@')[0]?.toLowerCase() ?? '';
  if (localPart.length >= 3 && password.toLowerCase().includes(localPart)) return 'contains_email';
  return null;
}
