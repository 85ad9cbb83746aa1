import { ErrorCode, previewFormatOf } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { findOffersShowingAccessUrls } from '../entitlements/access-url-policy';
import { PreviewFailure } from './preview-failure';

import type { TPreviewService } from './preview-service';
import { readPreview } from './read-preview';

export type TGetPreviewOptions = {
  db: TDb;
  service: TPreviewService;
  offerId: string;
  /** The endpoint's place in the offer's endpoint list, as the details page lists them (0 is the first). */
  endpoint: number;
  /** The signed-in user: a paid offer's endpoints other than public samples are previewed for its supplier and buyers only. */
  userId: string;
};

/** An access URL the server may read: http or https, not the publishers' 'N/A'. */
const usableUrl = (url: string | null): string | null => {
  const trimmed = url?.trim() ?? '';
  return /^https?:\/\/\S+$/i.test(trimmed) ? trimmed : null;
};

/**
 * The first rows of one endpoint's data, as the UTF-8 bytes of the contract's TPreview JSON (the bytes
 * `JSON.stringify` writes, its distributionId first): previews are read and serialised on a preview thread and
 * kept as bytes, so the main thread never holds a large preview as objects. Everyone previews a free offer's endpoints; a paid offer's supplier and
 * entitled buyers preview all of them, everyone else only those the supplier marked as a public sample (403 for
 * the others). Previews are cached per source URL (PREVIEW_CACHE_MINUTES).
 */
export async function getPreview(options: TGetPreviewOptions): Promise<Buffer> {
  const offerId = options.offerId.toLowerCase();
  const [offer] = await loadOfferDocuments(options.db, [offerId]);
  if (!offer) throw new AppError(ErrorCode.NOT_FOUND, `No offer ${options.offerId}`);
  const distributions = offer.datasets.flatMap((dataset) => dataset['dcat:distribution']);
  const distribution = distributions[options.endpoint];
  if (!distribution) {
    throw new AppError(
      ErrorCode.NOT_FOUND,
      `The offer has ${distributions.length} endpoint${distributions.length === 1 ? '' : 's'}; there is no endpoint ${options.endpoint}`,
    );
  }
  if (!distribution.isPublicSample) {
    const showing = await findOffersShowingAccessUrls({ db: options.db, userId: options.userId, offerIds: [offerId] });
    if (!showing.has(offerId)) {
      throw new AppError(
        ErrorCode.FORBIDDEN,
        'This offer is paid: its endpoints are previewed after purchase, or when the supplier publishes one as a sample',
      );
    }
  }
  const url = usableUrl(distribution['dcat:accessURL']);
  if (!url) throw new AppError(ErrorCode.NOT_FOUND, 'This endpoint has no access URL to preview');
  const format = previewFormatOf({
    format: distribution['dcterms:format'],
    mediaType: distribution['dcat:mediaType'],
    accessUrl: url,
  });
  if (!format) {
    throw new AppError(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `Previews read CSV, TSV, JSON, GeoJSON and XLSX; this endpoint's format is ${distribution['dcterms:format'] ?? distribution['dcat:mediaType'] ?? 'not stated'}`,
    );
  }
  const { service } = options;
  try {
    const json = await service.cache.get(`${format} ${url}`, () =>
      readPreview({
        policy: service.policy,
        url,
        format,
        maxBytes: service.maxBytes,
        timeoutMs: service.timeoutMs,
        now: service.now,
      }),
    );
    // `{"kind":...}` becomes `{"distributionId":...,"kind":...}`, as `{ distributionId, ...preview }` is written.
    return Buffer.concat([Buffer.from(`{"distributionId":${JSON.stringify(distribution['@id'])},`), json.subarray(1)]);
  } catch (error) {
    if (error instanceof PreviewFailure) throw error.toAppError();
    throw error;
  }
}
