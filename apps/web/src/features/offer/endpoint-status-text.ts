import type { TEndpointCheck } from '@dsm/contracts';
import type { TFunction } from 'i18next';
import { formatSize } from '../../shared/offer/format-size';

/**
 * The status column's text, in the specification's words: 'Pending...' until the server has
 * checked the link, then 'Online', 'Online [size]' when the size is known, or 'Offline' (also for
 * a missing link, which no check can reach).
 */
export function endpointStatusText(check: TEndpointCheck, t: TFunction): string {
  if (check.status === 'pending') return t('offer.status.pending');
  if (check.status === 'online') {
    const size = formatSize(check.byteSize);
    return size ? t('offer.status.onlineSize', { size }) : t('offer.status.online');
  }
  return t('offer.status.offline');
}

/** Why an endpoint is offline, for the line under the status; null when it is not. */
export function endpointFailureText(check: TEndpointCheck, t: TFunction): string | null {
  if (check.status === 'missing') return t('offer.failure.missing');
  if (check.status !== 'offline') return null;
  if (check.failure === 'http-error' && check.httpStatus !== null) {
    return t('offer.failure.httpError', { status: check.httpStatus });
  }
  return check.failure ? t(`offer.failure.${check.failure}`) : null;
}
