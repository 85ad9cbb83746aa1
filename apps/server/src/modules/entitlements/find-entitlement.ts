import type { TDb } from '../../db/database';
import { presentEntitlement, type TEntitlement } from './find-active-entitlement';

/** An entitlement whatever its state, with when it was revoked. */
export type TEntitlementState = TEntitlement & { revokedAt: Date | null };

/** One entitlement by id, active or not; null when there is none. */
export async function findEntitlement(db: TDb, id: string): Promise<TEntitlementState | null> {
  const row = await db.selectFrom('entitlements').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...presentEntitlement(row), revokedAt: row.revoked_at } : null;
}

/** Whether an entitlement is active at a moment: not revoked, started, and not ended. */
export function isEntitlementActive(entitlement: TEntitlementState, now: Date): boolean {
  return (
    entitlement.revokedAt === null &&
    entitlement.startsAt <= now &&
    (entitlement.endsAt === null || entitlement.endsAt > now)
  );
}
