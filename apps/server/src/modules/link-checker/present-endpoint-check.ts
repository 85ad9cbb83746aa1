import type { TEndpointCheck, TEndpointFailure } from '@dsm/contracts';
import type { TLinkCheckRow } from './link-check-repository';

/** The publishers' spelling of 'no link'. */
const NO_LINK = 'n/a';

/** True for an access URL worth checking: present, not 'N/A', and an http or https URL. */
export function isCheckableUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  const trimmed = url.trim();
  if (trimmed.toLowerCase() === NO_LINK) return false;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The endpoint check of one distribution as the API shows it: 'missing' without a usable URL,
 * 'pending' until a check of its current URL has finished, else the stored result.
 */
export function presentEndpointCheck(
  distributionId: string,
  url: string | null,
  row: TLinkCheckRow | undefined,
): TEndpointCheck {
  const empty = { distributionId, httpStatus: null, byteSize: null, failure: null, checkedAt: null };
  if (!isCheckableUrl(url)) return { ...empty, status: 'missing' };
  if (!row || row.url !== url.trim() || row.status === null || row.checked_at === null) {
    return { ...empty, status: 'pending' };
  }
  return {
    distributionId,
    status: row.status,
    httpStatus: row.http_status,
    byteSize: row.byte_size === null ? null : Number(row.byte_size),
    failure: (row.failure as TEndpointFailure | null) ?? null,
    checkedAt: row.checked_at.toISOString(),
  };
}
