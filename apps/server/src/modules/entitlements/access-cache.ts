import type { TDb } from '../../db/database';
import { selectAccessOfUser } from './entitlements-repository';

/**
 * What decides a user's access to paid offers, kept for a short time per user so that a page of search results
 * needs no statement of its own: the offers they hold an active entitlement to (with its end), the offers they
 * own and the publisher agents they act for. Every change of these in this process forgets the user's entry
 * at once (`forgetAccessOf` after the change committed: an order, a membership, an offer of their own; the
 * billing jobs forget everyone); another server process on the same database learns of a change when its entry
 * is read again, at most ACCESS_KEPT_MS later. Downloads, deliveries and previews decide from the database
 * itself, always.
 */
export type TUserAccess = {
  /** Offer id -> end of the latest active entitlement to it in epoch ms (Infinity: no end). */
  entitledUntil: ReadonlyMap<string, number>;
  ownedOffers: ReadonlySet<string>;
  publisherAgents: ReadonlySet<string>;
};

/** How long an entry is kept: the most another process may lag behind a purchase made through this one. */
export const ACCESS_KEPT_MS = 10_000;
/** Users kept at most; the oldest entry goes first. */
const USERS_KEPT = 10_000;
/** A user owning more offers than this is not kept: their page is decided by the database. */
export const OWNED_OFFERS_KEPT = 5_000;

type TEntry = { access: TUserAccess; loadedAt: number };

const entries = new Map<string, TEntry>();
/**
 * Counts forgets: an entry read from the database while a change committed and was forgotten would keep the
 * state before the change, so an entry is stored only when nothing was forgotten since its read began.
 */
let forgets = 0;

/** Forgets what is kept of a user's access; call it after the change's transaction committed. */
export function forgetAccessOf(userId: string): void {
  forgets++;
  entries.delete(userId);
}

/** Forgets every user's access (a job changed many users' entitlements). */
export function forgetAllAccess(): void {
  forgets++;
  entries.clear();
}

/**
 * The user's access, from what is kept when it is younger than ACCESS_KEPT_MS, else read from the database;
 * null when the user owns too many offers to keep.
 */
export async function findUserAccess(db: TDb, userId: string, now = Date.now()): Promise<TUserAccess | null> {
  const kept = entries.get(userId);
  if (kept && now - kept.loadedAt < ACCESS_KEPT_MS) return kept.access;
  const forgetsBefore = forgets;
  const rows = await selectAccessOfUser(db, { userId, now: new Date(now), ownedLimit: OWNED_OFFERS_KEPT + 1 });
  if (rows.ownedOffers.length > OWNED_OFFERS_KEPT) return null;
  const access: TUserAccess = {
    entitledUntil: new Map(rows.entitlements.map((row) => [row.offerId, row.endsAt?.getTime() ?? Infinity])),
    ownedOffers: new Set(rows.ownedOffers),
    publisherAgents: new Set(rows.publisherAgents),
  };
  if (forgets === forgetsBefore) {
    entries.delete(userId);
    if (entries.size >= USERS_KEPT) entries.delete(entries.keys().next().value as string);
    entries.set(userId, { access, loadedAt: now });
  }
  return access;
}
