import type { TDb } from '../../db/database';

/** SQL of publisher agents. */

export type TPublisherAgentRow = {
  id: string;
  type: 'foaf:Organization' | 'foaf:Person';
  name: string | null;
  first_name: string | null;
  last_name: string | null;
};

/** The agent with that id, when one is stored. */
export async function findAgent(db: TDb, id: string): Promise<TPublisherAgentRow | undefined> {
  return db
    .selectFrom('agents')
    .select(['id', 'type', 'name', 'first_name', 'last_name'])
    .where('id', '=', id)
    .executeTakeFirst();
}
