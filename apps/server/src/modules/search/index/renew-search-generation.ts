import { sql } from 'kysely';
import type { TDb } from '../../../db/database';

/** Gives the catalogue a new search generation: every index built before is built again. */
export async function renewSearchGeneration(db: TDb): Promise<void> {
  await sql`update search_index_generation set generation = gen_random_uuid()`.execute(db);
}
