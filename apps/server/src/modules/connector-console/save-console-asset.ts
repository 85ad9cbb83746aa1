import type { TConsoleAsset, TConsoleAssetCreateRequest, TConsoleAssetUpdateRequest } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { callConsole } from './open-console';
import { presentConsoleAsset } from './present-console';

/** The asset the console form describes: its properties and an HttpData address. */
function assetOf(id: string, request: TConsoleAssetUpdateRequest) {
  const properties: Record<string, unknown> = { name: request.name };
  if (request.description) properties.description = request.description;
  if (request.contentType) properties.contenttype = request.contentType;
  return { id, properties, dataAddress: { type: 'HttpData', baseUrl: request.baseUrl } };
}

/**
 * Creates an asset whose data the connector reads over HTTP (an HttpData address), 409 for a taken id; or, with
 * `isNew` false, replaces an existing asset's properties and address (404 for an unknown id).
 */
export async function saveConsoleAsset(
  db: TDb,
  connectorId: string,
  request: TConsoleAssetCreateRequest,
  isNew: boolean,
): Promise<TConsoleAsset> {
  const asset = assetOf(request.id, request);
  return callConsole(db, connectorId, async (client) => {
    if (isNew) await client.assets.create(asset);
    else await client.assets.update(asset);
    return presentConsoleAsset(await client.assets.get(request.id));
  });
}
