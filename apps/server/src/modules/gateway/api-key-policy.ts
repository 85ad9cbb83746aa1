import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findApiEndpoint } from '../catalogue/find-api-endpoint';
import { findActiveEntitlement, type TEntitlement } from '../entitlements/find-active-entitlement';

/** Who may hold keys of an offer: the holder of an active entitlement to an offer of the Api access type. */

/** 404 unless the offer is called through the gateway. */
export async function assertGatewayOffer(db: TDb, offerId: string): Promise<void> {
  if (!(await findApiEndpoint(db, offerId))) {
    throw new AppError(ErrorCode.NOT_FOUND, `No offer ${offerId} with the Api access type`);
  }
}

/** The user's active entitlement to the offer; 403 when they hold none. */
export async function requireEntitlement(
  db: TDb,
  holder: { userId: string; offerId: string; now: Date },
): Promise<TEntitlement> {
  const entitlement = await findActiveEntitlement({ db, ...holder });
  if (!entitlement) {
    throw new AppError(ErrorCode.FORBIDDEN, `You hold no active entitlement to offer ${holder.offerId}`);
  }
  return entitlement;
}
