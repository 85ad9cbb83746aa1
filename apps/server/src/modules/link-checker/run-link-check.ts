import type { TDb } from '../../db/database';
import { countLinkCheck } from '../../lib/metrics';
import { findDistributionAccessUrl } from '../catalogue/find-distribution-access-url';
import { checkLink, type TCheckLinkOptions } from './check-link';
import { saveLinkCheck } from './link-check-repository';
import { isCheckableUrl } from './present-endpoint-check';

export type TRunLinkCheckOptions = {
  db: TDb;
  distributionId: string;
  check: TCheckLinkOptions;
};

/**
 * Checks one distribution's current access URL and stores the result. A distribution that is gone
 * or has no usable URL any more needs no check.
 */
export async function runLinkCheck({ db, distributionId, check }: TRunLinkCheckOptions): Promise<void> {
  const distribution = await findDistributionAccessUrl(db, distributionId);
  if (!distribution || !isCheckableUrl(distribution.url)) return;
  const url = distribution.url.trim();
  const result = await checkLink(url, check);
  await saveLinkCheck(db, { distributionId, offerId: distribution.offerId, url, result });
  countLinkCheck(result.status);
}
