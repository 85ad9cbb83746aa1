import type { TOwnOfferDetails } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectOfferDistributions, selectOwnOffer } from '../catalogue/own-offer-repository';
import { findCredentialHeaders } from '../gateway/save-gateway-credentials';
import { toOfferInput } from './offer-rows';
import { assertOfferOwner } from './policy';
import { presentOwnOfferDetails } from './present-own-offer';

export type TGetOwnOfferOptions = { db: TDb; userId: string; offerId: string };

/** One of the user's offers with the wizard input it was published from; 404 unknown, 403 someone else's. */
export async function getOwnOffer({ db, userId, offerId }: TGetOwnOfferOptions): Promise<TOwnOfferDetails> {
  const offer = await selectOwnOffer(db, offerId);
  assertOfferOwner(offer, userId, offerId);
  const [distributions, credentialHeaders] = await Promise.all([
    selectOfferDistributions(db, offerId),
    findCredentialHeaders(db, offerId),
  ]);
  const input = toOfferInput(offer, distributions);
  // The secret itself never leaves the server: the owner sees which header is set and may replace or remove it.
  input.endpoints.forEach((endpoint, position) => {
    const headerName = credentialHeaders.get(position);
    if (headerName !== undefined) endpoint.gatewayCredential = { headerName, keepFrom: position };
  });
  return presentOwnOfferDetails(offer, input);
}
