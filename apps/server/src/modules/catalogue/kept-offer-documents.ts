import type { TOffer } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { countKeptOffers } from '../../lib/metrics';
import { loadOfferDocuments } from './offer-documents';

/** Offers kept at most per database, the least recently read going first (a result card is a few kilobytes). */
const MAX_KEPT = 20_000;
/**
 * How long a kept offer is served without reading it again, in ms. Changes made through this process forget the
 * kept offers at once, and every change the search index applies forgets the offers it names; this bounds what
 * nothing here hears of (a like counted by another server process, a publisher renamed).
 */
export const KEPT_FOR_MS = 30_000;

type TKept = { document: TOffer; at: number };

const keptByDatabase = new WeakMap<TDb, Map<string, TKept>>();
const databases = new Set<WeakRef<Map<string, TKept>>>();
/** Counts the forgettings: a read is not kept when what it read was forgotten after it began. */
let forgotten = 0;
/** The count at which everything was last forgotten. */
let allForgottenAt = 0;
/** The count at which single offers were last forgotten; emptied (as everything forgotten) when it grows large. */
const forgottenAt = new Map<string, number>();
const MAX_FORGOTTEN_IDS = 100_000;

function keptOf(db: TDb): Map<string, TKept> {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(db, kept);
    databases.add(new WeakRef(kept));
  }
  return kept;
}

/** Forgets every kept offer: the catalogue changed (a request that may have changed it, or the index rebuilt). */
export function forgetKeptOfferDocuments(): void {
  forgotten++;
  allForgottenAt = forgotten;
  forgottenAt.clear();
  for (const ref of databases) {
    const kept = ref.deref();
    if (kept) kept.clear();
    else databases.delete(ref);
  }
}

/**
 * Forgets the kept copies of these offers (the search index applied their changes), or every kept offer for
 * null (the index was rebuilt). A harvest changes a few hundred offers a second: the others stay kept, so the
 * searches beside it do not read every page from a busy PostgreSQL again.
 */
export function forgetKeptOffers(offerIds: readonly string[] | null): void {
  if (offerIds === null || forgottenAt.size + offerIds.length > MAX_FORGOTTEN_IDS) {
    forgetKeptOfferDocuments();
    return;
  }
  forgotten++;
  for (const id of offerIds) forgottenAt.set(id, forgotten);
  for (const ref of databases) {
    const kept = ref.deref();
    if (!kept) {
      databases.delete(ref);
      continue;
    }
    for (const id of offerIds) kept.delete(id);
  }
}

/** Whether an offer read when the count stood at `before` may be kept: nothing forgot it since. */
const isStillCurrent = (id: string, before: number): boolean =>
  allForgottenAt <= before && (forgottenAt.get(id) ?? 0) <= before;

export type TLoadKeptOfferDocumentsOptions = {
  db: TDb;
  ids: readonly string[];
  /** The time the kept offers are judged fresh at; tests pass their own. */
  now?: number;
};

/**
 * `loadOfferDocuments` with the offers kept in memory for a few seconds: search pages follow a long-tailed
 * popularity, so most of a page's offers were read for an earlier page, and reading them from PostgreSQL was the
 * largest share of a search request (docs/performance.md). The documents are shared between answers: callers
 * must not change them (`withholdAccessUrls` copies what it changes).
 */
export async function loadKeptOfferDocuments({
  db,
  ids,
  now = Date.now(),
}: TLoadKeptOfferDocumentsOptions): Promise<TOffer[]> {
  const kept = keptOf(db);
  const found = new Map<string, TOffer>();
  const missing: string[] = [];
  let expired = 0;
  for (const id of ids) {
    const entry = kept.get(id);
    if (entry && now - entry.at < KEPT_FOR_MS) {
      found.set(id, entry.document);
      kept.delete(id);
      kept.set(id, entry);
    } else {
      if (entry) expired++;
      missing.push(id);
    }
  }
  let dropped = 0;
  if (missing.length > 0) {
    const before = forgotten;
    const loaded = await loadOfferDocuments(db, missing);
    for (const document of loaded) {
      found.set(document['@id'], document);
      if (before === forgotten || isStillCurrent(document['@id'], before)) {
        kept.set(document['@id'], { document, at: now });
      }
    }
    for (const oldest of kept.keys()) {
      if (kept.size <= MAX_KEPT) break;
      kept.delete(oldest);
      dropped++;
    }
  }
  countKeptOffers({ kept: ids.length - missing.length, expired, read: missing.length - expired, dropped });
  return ids.flatMap((id) => found.get(id) ?? []);
}
