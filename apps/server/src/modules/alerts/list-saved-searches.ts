import { MAX_SAVED_SEARCHES, type TSavedSearchList } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { presentSavedSearch } from './present-saved-search';
import { findSavedSearches } from './saved-searches-repository';

/** The signed-in user's saved searches, newest first, and how many they may keep. */
export async function listSavedSearches(db: TDb, userId: string): Promise<TSavedSearchList> {
  const rows = await findSavedSearches(db, userId);
  return { items: rows.map(presentSavedSearch), limit: MAX_SAVED_SEARCHES };
}
