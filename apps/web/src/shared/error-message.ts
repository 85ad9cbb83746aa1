import type { TFunction } from 'i18next';
import { ApiError } from './api';

/**
 * The text to show for a failed call: the server's own message when it sent one, a translated
 * text for failures the server never explained (no answer, an answer in an unknown form).
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return t('errors.network');
    if (error.code === 'UNEXPECTED_RESPONSE') return t('errors.unexpected');
    return error.message;
  }
  return t('errors.unexpected');
}
