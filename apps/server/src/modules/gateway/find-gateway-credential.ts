import type { TDb } from '../../db/database';
import { selectCredential } from './credentials-repository';
import { gatewaySecrets } from './gateway-secrets';

/** The supplier's credential of an endpoint, opened to forward one call; null when it has none. */
export async function findGatewayCredential(
  db: TDb,
  endpoint: { offerId: string; position: number },
): Promise<{ headerName: string; secret: string } | null> {
  const row = await selectCredential(db, endpoint);
  return row ? { headerName: row.header_name, secret: gatewaySecrets.decrypt(row.secret_sealed) } : null;
}
