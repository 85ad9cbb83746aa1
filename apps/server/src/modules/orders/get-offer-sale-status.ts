import { ErrorCode, type TOfferSaleStatus } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findSaleRefusals } from './find-sale-refusals';

export type TGetOfferSaleStatusOptions = { db: TDb; userId: string; offerId: string };

/** Whether the signed-in user may order an offer, and why not; NOT_FOUND for an offer not in the catalogue. */
export async function getOfferSaleStatus(options: TGetOfferSaleStatusOptions): Promise<TOfferSaleStatus> {
  const refusals = await findSaleRefusals({ db: options.db, userId: options.userId, offerIds: [options.offerId] });
  const id = options.offerId.toLowerCase();
  if (!refusals.has(id)) throw new AppError(ErrorCode.NOT_FOUND, `There is no offer ${options.offerId}`);
  const refusal = refusals.get(id) ?? null;
  return { '@id': id, isForSale: refusal === null, refusal };
}
