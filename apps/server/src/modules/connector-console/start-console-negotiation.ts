import { ErrorCode, type TConsoleNegotiation, type TConsoleNegotiationRequest } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { callCounterParty } from './counter-party';
import { presentConsoleNegotiation } from './present-console-dataspace';

/**
 * Starts negotiating an offer of another participant's dataset. The dataset is fetched again so the negotiation
 * carries the offer's policy exactly as the provider states it; 404 when the provider no longer offers it.
 */
export async function startConsoleNegotiation(
  db: TDb,
  connectorId: string,
  request: TConsoleNegotiationRequest,
): Promise<TConsoleNegotiation> {
  return callCounterParty(db, connectorId, request.counterPartyAddress, async (client, talk) => {
    const counterParty = {
      counterPartyAddress: request.counterPartyAddress,
      ...(request.counterPartyId ? { counterPartyId: request.counterPartyId } : {}),
    };
    const dataset = await talk('a dataset request', () =>
      client.catalog.requestDataset({ id: request.datasetId, ...counterParty }),
    );
    // EDC builds offer ids as base64(contract definition):base64(asset):base64(random), and the random part
    // changes with every catalog request, so the same offer is recognised by its first two parts.
    const stableOf = (offerId: string) => offerId.split(':').slice(0, 2).join(':');
    const offer =
      dataset.offers.find((candidate) => candidate.id === request.offerId) ??
      dataset.offers.find((candidate) => stableOf(candidate.id) === stableOf(request.offerId));
    if (!offer) {
      throw new AppError(
        ErrorCode.NOT_FOUND,
        `The dataset '${request.datasetId}' has no offer '${request.offerId}' (any more)`,
      );
    }
    const { id } = await talk('a contract negotiation', () =>
      client.contractNegotiations.initiate({
        ...counterParty,
        offer: {
          ...offer,
          assigner: offer.assigner ?? request.counterPartyId ?? '',
          target: offer.target ?? request.datasetId,
        },
      }),
    );
    return presentConsoleNegotiation(await client.contractNegotiations.get(id));
  });
}
