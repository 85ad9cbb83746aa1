import { type ConnectorClient, type Dataset, isConnectorError } from '@dsm/connector-client';
import { DeliveryStep, ErrorCode, ORGANISATION_PROFILE_PAGE } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TAuthUser } from '../auth/verify-access-token';
import { findOfferConnector } from '../catalogue/find-offer-connector';
import { connectorClientFor } from '../connectors/connector-client-for';
import { connectorFailure } from '../connectors/connector-failure';
import { selectConnector } from '../connectors/connector-repository';
import { findCrawledOfferSource } from '../dataspace-crawl/find-crawled-offer-source';
import { listPurchasedOffers } from '../orders/list-purchased-offers';
import { findBuyerConnectorId } from '../organisation-connectors/find-buyer-connector-id';
import { connectorMessage, protocolAddressOf } from './connector-message';
import { assertMayReceive } from './delivery-policy';
import {
  selectBuyerConnectorId,
  selectDeliveryOfLine,
  type TDeliveryRow,
  type TNewDelivery,
  upsertDelivery,
} from './delivery-repository';
import { deliveryStepOf } from './delivery-step';

export type TRequestDeliveryOptions = {
  db: TDb;
  user: TAuthUser;
  offerId: string;
  /** Builds the client of a registered connector; tests may replace it. */
  clientFor?: typeof connectorClientFor;
};

/** The contract definition an EDC offer id names (EDC: base64 of its id before the first colon), or ''. */
function definitionOf(offerId: string): string {
  try {
    return Buffer.from(offerId.split(':')[0] ?? '', 'base64').toString('utf8');
  } catch {
    return '';
  }
}

/** The catalog offer of a dataset that the offer's contract definition makes. */
function offerOfDefinition(dataset: Dataset, contractDefinitionId: string) {
  return dataset.offers.find((offer) => definitionOf(offer.id) === contractDefinitionId) ?? null;
}

/**
 * The offer of a crawled dataset to negotiate: the one the crawl recorded (by id, else by its contract definition, as
 * a connector renews the id's last part on every catalog request), else the dataset's first.
 */
function crawledOfferOf(dataset: Dataset, recordedOfferId: string | null) {
  if (recordedOfferId !== null) {
    const same = dataset.offers.find((offer) => offer.id === recordedOfferId);
    if (same) return same;
    const definition = definitionOf(recordedOfferId);
    const ofDefinition = definition === '' ? null : offerOfDefinition(dataset, definition);
    if (ofDefinition) return ofDefinition;
  }
  return dataset.offers[0] ?? null;
}

/** What negotiating an offer needs: whose connector offers it, which dataset, the counter-party and the offer to take. */
type TNegotiationTarget = {
  providerConnectorId: string;
  assetId: string;
  /** The participant id and DSP address of the supplier; null: the provider connector's. */
  counterParty: { id: string | null; address: string | null };
  pickOffer: (dataset: Dataset) => ReturnType<typeof crawledOfferOf>;
  /** Why no offer was picked, for the buyer. */
  missingOffer: (providerName: string) => string;
};

/** The negotiation target of an offer published on a connector or crawled from one; null for any other offer. */
async function negotiationTargetOf(db: TDb, offerId: string): Promise<TNegotiationTarget | null> {
  const published = await findOfferConnector(db, offerId);
  if (published) {
    // An offer with several endpoints is delivered by its first one's asset (see docs/reference-deviations.md).
    const assetId = published.assetIds[0]!;
    return {
      providerConnectorId: published.connectorId,
      assetId,
      counterParty: { id: null, address: null },
      pickOffer: (dataset) => offerOfDefinition(dataset, published.contractDefinitionId),
      missingOffer: (providerName) =>
        `The supplier's connector '${providerName}' offers no contract '${published.contractDefinitionId}' for asset '${assetId}'`,
    };
  }
  const crawled = await findCrawledOfferSource(db, offerId);
  if (!crawled) return null;
  return {
    providerConnectorId: crawled.connectorId,
    assetId: crawled.datasetId,
    counterParty: { id: crawled.participantId, address: crawled.protocolUrl },
    pickOffer: (dataset) => crawledOfferOf(dataset, crawled.policyOfferId),
    missingOffer: (providerName) =>
      `The participant's connector '${providerName}' no longer offers the dataset '${crawled.datasetId}' under any contract`,
  };
}

/**
 * Requests access to an acquired Connector-access offer: the buyer's connector fetches the offer's dataset from
 * the supplier's connector over DSP and initiates the contract negotiation for it. For an offer published on a
 * connector that is the offer of the contract definition publishing created; for an offer the crawl made, the
 * offer the crawl recorded, asked of the participant (its participant id and DSP address) the crawl read. Asking again while a delivery
 * runs answers that delivery; a failed one starts afresh. Only a buyer of the offer may ask (403), and for a paid
 * offer only while their entitlement is active (403 saying it ended). An offer not delivered by connector, a buyer
 * without a connector, or an unregistered connector is a 409 saying which. The buyer's connector is their
 * organisation's own (registered in its profile), else one an operator assigned to them. When a connector step fails the failure is recorded on the delivery (so My Acquisitions shows it) and answered as 502/503.
 */
export async function requestDelivery({
  db,
  user,
  offerId,
  clientFor = connectorClientFor,
}: TRequestDeliveryOptions): Promise<TDeliveryRow> {
  const purchase = (await listPurchasedOffers(db, user.id)).find((purchased) => purchased.offerId === offerId);
  if (!purchase) throw new AppError(ErrorCode.FORBIDDEN, `You have not bought offer ${offerId}`);
  await assertMayReceive(db, user.id, offerId);
  const existing = await selectDeliveryOfLine(db, purchase.orderId, offerId);
  if (existing && deliveryStepOf(existing) !== DeliveryStep.FAILED) return existing;

  const target = await negotiationTargetOf(db, offerId);
  if (!target) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `Offer ${offerId} is not delivered through a connector: its access type is not Connector`,
    );
  }
  const consumerConnectorId = await findBuyerConnectorId(db, user.id, await selectBuyerConnectorId(db, user.id));
  if (!consumerConnectorId) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `You have no connector to receive data through the data space; register your organisation's connector at ${ORGANISATION_PROFILE_PAGE}`,
    );
  }
  const consumer = await selectConnector(db, consumerConnectorId);
  if (!consumer) {
    throw new AppError(ErrorCode.CONFLICT, `Your connector '${consumerConnectorId}' is no longer registered`);
  }
  const provider = await selectConnector(db, target.providerConnectorId);
  if (!provider) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `The supplier's connector '${target.providerConnectorId}' is no longer registered`,
    );
  }

  const delivery: TNewDelivery = {
    orderId: purchase.orderId,
    offerId,
    buyerId: user.id,
    consumerConnectorId: consumer.id,
    providerConnectorId: provider.id,
    assetId: target.assetId,
    counterPartyId: target.counterParty.id,
    counterPartyAddress: target.counterParty.address,
  };
  const counterParty = {
    counterPartyAddress: target.counterParty.address ?? protocolAddressOf(provider),
    counterPartyId: target.counterParty.id ?? provider.id,
  };
  let client: ConnectorClient;
  try {
    client = clientFor(consumer);
    const dataset = await client.catalog.requestDataset({ id: delivery.assetId, ...counterParty });
    const offer = target.pickOffer(dataset);
    if (!offer) {
      const message = target.missingOffer(provider.name);
      await upsertDelivery(db, delivery, { last_error: message });
      throw new AppError(ErrorCode.BAD_GATEWAY, message);
    }
    const { id } = await client.contractNegotiations.initiate({
      ...counterParty,
      offer: {
        ...offer,
        assigner: offer.assigner ?? counterParty.counterPartyId,
        target: offer.target ?? delivery.assetId,
      },
    });
    return await upsertDelivery(db, delivery, { negotiation_id: id, negotiation_state: 'INITIAL' });
  } catch (error) {
    if (!isConnectorError(error)) throw error;
    await upsertDelivery(db, delivery, { last_error: connectorMessage(error) });
    return connectorFailure(error, consumer);
  }
}
