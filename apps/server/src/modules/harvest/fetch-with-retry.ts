import { setTimeout as sleep } from 'node:timers/promises';
import { OutboundAddressRefused } from '../../lib/outbound/outbound-policy';
import { harvestFetch } from './harvest-location-policy';

export type TRetryOptions = {
  /** Attempts after the first; 4 by default. */
  retries?: number;
  /** Wait before the first retry in milliseconds, doubled for each further one; 1000 by default. */
  baseDelayMs?: number;
  /** Limit of one attempt in milliseconds; 60 s by default. */
  timeoutMs?: number;
  /** Told about each failed attempt that will be retried. */
  onRetry?: (attempt: number, reason: string) => void;
  headers?: Record<string, string>;
};

/**
 * A source answered with a status that retrying cannot fix (a 4xx other than 408 and 429), or its address is
 * refused by the outbound address policy.
 */
export class HarvestFetchError extends Error {}

const isRetryable = (status: number): boolean => status >= 500 || status === 408 || status === 429;

/**
 * GET with retries: network errors, timeouts, 5xx, 408 and 429 are tried again after an exponential
 * back-off with jitter (a 429's Retry-After is honoured up to a minute); other failures throw at once.
 */
export async function fetchWithRetry(url: string, options: TRetryOptions = {}): Promise<Response> {
  const retries = options.retries ?? 4;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  for (let attempt = 0; ; attempt++) {
    let reason: string;
    let retryAfterMs: number | null = null;
    try {
      const response = await harvestFetch(url, {
        headers: { 'user-agent': 'dsm-harvester/1.0', ...options.headers },
        signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      });
      if (response.ok) return response;
      await response.body?.cancel().catch(() => {});
      if (!isRetryable(response.status)) {
        // The status text is the server's own words, as untrusted as its body: only the number is named.
        throw new HarvestFetchError(`${url} answered HTTP ${response.status}`);
      }
      reason = `HTTP ${response.status}`;
      const retryAfter = Number(response.headers.get('retry-after'));
      if (Number.isFinite(retryAfter) && retryAfter > 0) retryAfterMs = Math.min(retryAfter * 1000, 60_000);
    } catch (error) {
      if (error instanceof HarvestFetchError) throw error;
      const cause = error instanceof Error ? error.cause : undefined;
      if (cause instanceof OutboundAddressRefused) throw new HarvestFetchError(`${url}: ${cause.message}`);
      // fetch says only "fetch failed"; the network error it wraps says why.
      reason = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
    }
    if (attempt >= retries) throw new Error(`${url} failed after ${attempt + 1} attempts: ${reason}`);
    options.onRetry?.(attempt + 1, reason);
    const backOff = baseDelayMs * 2 ** attempt;
    await sleep(retryAfterMs ?? backOff / 2 + Math.random() * (backOff / 2));
  }
}
