import { ErrorCode, type TConnectorOfferUploadRequest, type TConnectorOfferUploadResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { insertOffer } from '../catalogue/load-offers';
import { invalidateFilterValues } from '../search/http/get-filter-values';
import { connectorClientFor } from './connector-client-for';
import { connectorFailure } from './connector-failure';
import { connectorOfferRecord } from './connector-offer-record';
import { findConnector } from './list-connector-offers';
import type { TConnectorOfferSource } from './map-connector-offer';
import { readConnectorOffer } from './read-connector-offers';

const UNIQUE_VIOLATION = '23505';

/**
 * Puts a connector offer into the catalogue, where search finds it at once. The offer is read from the connector
 * again rather than taken from the caller, so the catalogue holds what the connector offers. The catalogue id is
 * derived from the connector and offer ids, so a second upload of the same offer is a CONFLICT (409) naming the
 * catalogue offer that exists, never a duplicate.
 */
export async function uploadConnectorOffer(
  db: TDb,
  request: TConnectorOfferUploadRequest,
): Promise<TConnectorOfferUploadResponse> {
  const connector = await findConnector(db, request.connectorId);
  let source: TConnectorOfferSource | null;
  try {
    source = await readConnectorOffer(connectorClientFor(connector), request.offerId);
  } catch (error) {
    connectorFailure(error, connector);
  }
  if (source === null) {
    throw new AppError(
      ErrorCode.NOT_FOUND,
      `The connector '${connector.name}' has no offer (contract definition) '${request.offerId}'`,
    );
  }
  const record = connectorOfferRecord(connector, source);
  try {
    await insertOffer(db, record);
  } catch (error) {
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
      throw new AppError(
        ErrorCode.CONFLICT,
        `The offer '${request.offerId}' of the connector '${connector.name}' is in the catalogue already, as '${record.title}' (${record.id})`,
      );
    }
    throw error;
  }
  invalidateFilterValues(db);
  return { id: record.id, title: record.title };
}
