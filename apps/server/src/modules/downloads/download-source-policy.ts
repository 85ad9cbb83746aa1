import { createOutboundPolicy } from '../../lib/outbound/outbound-policy';

/**
 * Which addresses the marketplace may stream a download from: the outbound policy with DOWNLOAD_ALLOWED_HOSTS.
 * Access URLs come from suppliers and harvested catalogues, so a URL could point at the marketplace's own network;
 * every connection, redirect hop and DNS answer of a download passes here.
 */
const policy = createOutboundPolicy({ purpose: 'download source', allowSetting: 'DOWNLOAD_ALLOWED_HOSTS' });

/** Sets the hosts an operator allowed to resolve to private addresses (DOWNLOAD_ALLOWED_HOSTS). */
export function configureDownloadSourcePolicy(options: { allowedHosts: readonly string[] }): void {
  policy.setAllowedHosts(options.allowedHosts);
}

/** fetch for a download's source: the global fetch's API, with the address rules on every connection. */
export const downloadSourceFetch: typeof fetch = policy.fetch;
