import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api';

/** A failed delivery or download in the user's words: what happened and what to do next, and the server's detail. */
export type TDeliveryProblem = {
  message: string;
  /** The server's own words, when they are words (never a JSON document); null otherwise. */
  detail: string | null;
};

/** Text that carries a JSON object or array (a connector's or a source's raw answer) is not shown to a buyer. */
const looksLikeJson = (text: string) => /[{[]\s*["{[]/.test(text) || /^\s*[{[]/.test(text);

/** The server's message as a detail: short, plain words only. */
export function detailOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const trimmed = text.trim();
  if (trimmed === '' || looksLikeJson(trimmed) || /^HTTP \d+$/.test(trimmed)) return null;
  return trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed;
}

/** The problem of a failed download or data-space call, by the API's error code. */
export function deliveryProblemOf(error: unknown, t: TFunction): TDeliveryProblem {
  if (!(error instanceof ApiError)) return { message: t('delivery.problem.unexpected'), detail: null };
  const detail = error.code === 'NETWORK' || error.code === 'UNEXPECTED_RESPONSE' ? null : detailOf(error.message);
  switch (error.code) {
    case 'BAD_GATEWAY':
    case 'SERVICE_UNAVAILABLE':
      return { message: t('delivery.problem.source'), detail };
    case 'GATEWAY_TIMEOUT':
      return { message: t('delivery.problem.timeout'), detail };
    case 'FORBIDDEN':
      return { message: t('delivery.problem.access'), detail };
    case 'CONFLICT':
      return { message: t('delivery.problem.notReady'), detail };
    case 'NOT_FOUND':
      return { message: t('delivery.problem.gone'), detail };
    case 'NETWORK':
      return { message: t('errors.network'), detail: null };
    default:
      return { message: t('delivery.problem.unexpected'), detail };
  }
}
