import type { TConfig } from '../../config/config';
import { createOutboundPolicy, type TOutboundPolicy } from '../../lib/outbound/outbound-policy';
import { createPreviewCache, type TPreviewCache } from './preview-cache';

/** What every preview of one app shares: the address policy of its sources, the cache and the limits. */
export type TPreviewService = {
  policy: TOutboundPolicy;
  cache: TPreviewCache;
  maxBytes: number;
  timeoutMs: number;
  now: () => Date;
};

export type TCreatePreviewServiceOptions = {
  config: Pick<TConfig, 'preview'>;
  /** The clock of `fetchedAt` and of the cache's expiry; tests pass their own. */
  now?: () => Date;
};

/**
 * The preview settings of one app (PREVIEW_*). Sources are read through the outbound address policy with
 * PREVIEW_ALLOWED_HOSTS; the server's own origin only where the embedded demo opened it for its data files
 * (`configureOwnOrigin`), like every other outbound use.
 */
export function createPreviewService(options: TCreatePreviewServiceOptions): TPreviewService {
  const now = options.now ?? (() => new Date());
  const policy = createOutboundPolicy({
    purpose: 'preview',
    allowSetting: 'PREVIEW_ALLOWED_HOSTS',
    allowedHosts: options.config.preview.allowedHosts,
  });
  return {
    policy,
    cache: createPreviewCache({ ttlMs: options.config.preview.cacheMinutes * 60_000, now: () => now().getTime() }),
    maxBytes: options.config.preview.maxBytes,
    timeoutMs: options.config.preview.timeoutMs,
    now,
  };
}
