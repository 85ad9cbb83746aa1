import type { TDb } from '../../db/database';
import { findUserByEmail } from '../users/find-user-by-email';

/** The demo buyer of the embedded identity provider (see users/demo-users.ts). */
const DEMO_BUYER_EMAIL = 'buyer@example.com';
/** The sandbox connector the demo buyer receives data with; the demo supplier offers on 'provider'. */
const DEMO_BUYER_CONNECTOR_ID = 'consumer';

/**
 * Gives the demo buyer the 'consumer' sandbox as their connector, so a demo purchase of a Connector offer can be
 * delivered out of the box. A connector assigned earlier (by an operator) is kept. Answers whether the buyer has
 * the sandbox now.
 */
export async function assignDemoBuyerConnector(db: TDb): Promise<boolean> {
  const buyer = await findUserByEmail(db, DEMO_BUYER_EMAIL);
  if (!buyer) return false;
  await db
    .insertInto('buyer_connectors')
    .values({ user_id: buyer.id, connector_id: DEMO_BUYER_CONNECTOR_ID })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('buyer_connectors')
    .select('connector_id')
    .where('user_id', '=', buyer.id)
    .executeTakeFirst();
  return row?.connector_id === DEMO_BUYER_CONNECTOR_ID;
}
