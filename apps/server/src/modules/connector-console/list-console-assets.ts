import type { TConsoleAssetListResponse, TConsoleListQuery } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { callConsole } from './open-console';
import { presentConsoleAsset } from './present-console';

const EDC_ID = 'https://w3id.org/edc/v0.0.1/ns/id';

/** One page of a connector's assets, by id, optionally only those whose id contains the filter text. */
export async function listConsoleAssets(
  db: TDb,
  connectorId: string,
  query: TConsoleListQuery,
): Promise<TConsoleAssetListResponse> {
  return callConsole(db, connectorId, async (client) => {
    // One more than the page tells whether another page follows, without a count the API does not offer.
    const assets = await client.assets.query({
      offset: query.offset,
      limit: query.limit + 1,
      ...(query.filter
        ? { filter: [{ operandLeft: EDC_ID, operator: 'ilike', operandRight: `%${query.filter}%` }] }
        : {}),
    });
    return {
      assets: assets.slice(0, query.limit).map(presentConsoleAsset),
      offset: query.offset,
      limit: query.limit,
      hasMore: assets.length > query.limit,
    };
  });
}
