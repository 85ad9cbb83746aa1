import { downloadLinkEndpoint, type TDownloadLink } from '@dsm/contracts';
import { ApiError, type TApiErrorCode } from '../../shared/api';
import { callEndpoint } from '../../shared/call-endpoint';

/** Asks the server for a short-lived signed link to an endpoint's data. */
export function requestDownloadLink(offerId: string, endpoint: number): Promise<TDownloadLink> {
  return callEndpoint(downloadLinkEndpoint, { params: { id: offerId, endpoint } });
}

const CODE_OF_STATUS: Record<number, TApiErrorCode> = {
  400: 'VALIDATION_FAILED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

/**
 * Asks the link for its headers first (HEAD goes to the supplier's source too), so a source that fails is told on
 * the page in the user's words instead of as a broken download in the browser's download list.
 */
async function checkLink(link: TDownloadLink): Promise<void> {
  let response: Response;
  try {
    response = await fetch(link.path, { method: 'HEAD' });
  } catch {
    throw new ApiError('The server cannot be reached.', 0, 'NETWORK');
  }
  if (response.ok) return;
  // A HEAD answer carries no body, so its status names the problem; one status is one error code of the API.
  throw new ApiError(
    `HTTP ${response.status}`,
    response.status,
    CODE_OF_STATUS[response.status] ?? 'UNEXPECTED_RESPONSE',
  );
}

/**
 * Downloads an endpoint's data: a signed link, checked, then opened as a plain link, so the browser saves the file
 * as it streams in instead of holding it in the page's memory.
 */
export async function startDownload(offerId: string, endpoint: number): Promise<TDownloadLink> {
  const link = await requestDownloadLink(offerId, endpoint);
  await checkLink(link);
  const anchor = document.createElement('a');
  anchor.href = link.path;
  anchor.download = link.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  return link;
}
