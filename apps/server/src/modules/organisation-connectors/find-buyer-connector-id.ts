import type { TDb } from '../../db/database';
import { selectConnectorIdOfMember } from './organisation-connectors-repository';

/**
 * The connector a buyer negotiates and receives data with: their organisation's own connector, registered in the
 * organisation profile, or else the personal one an operator assigned to them (`personalConnectorId`, the demo
 * buyer's sandbox). The organisation's wins, because its members registered it for exactly this; null for a buyer
 * with neither.
 */
export async function findBuyerConnectorId(
  db: TDb,
  userId: string,
  personalConnectorId: string | null,
): Promise<string | null> {
  return (await selectConnectorIdOfMember(db, userId)) ?? personalConnectorId;
}
