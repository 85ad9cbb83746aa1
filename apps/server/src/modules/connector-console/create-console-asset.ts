import type { TConsoleAsset, TConsoleAssetCreateRequest } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { consoleFailure, openConsole } from './open-console';
import { presentConsoleAsset } from './present-console';

/** Creates an asset whose data the connector reads over HTTP (an HttpData address); 409 for a taken id. */
export async function createConsoleAsset(
  db: TDb,
  connectorId: string,
  request: TConsoleAssetCreateRequest,
): Promise<TConsoleAsset> {
  const { connector, client } = await openConsole(db, connectorId);
  const properties: Record<string, unknown> = { name: request.name };
  if (request.description) properties.description = request.description;
  if (request.contentType) properties.contenttype = request.contentType;
  try {
    await client.assets.create({
      id: request.id,
      properties,
      dataAddress: { type: 'HttpData', baseUrl: request.baseUrl },
    });
    return presentConsoleAsset(await client.assets.get(request.id));
  } catch (error) {
    return consoleFailure(error, connector);
  }
}
