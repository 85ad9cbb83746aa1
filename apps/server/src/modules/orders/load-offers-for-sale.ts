import type { TAgent, TCartOffer, TOffer } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { loadOfferDocuments } from '../catalogue/offer-documents';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An agent's display name: foaf:name, or first and last name, or its '@id'. */
export function agentName(agent: TAgent): string {
  const person = [agent['foaf:firstName'], agent['foaf:lastName']].filter(Boolean).join(' ');
  return agent['foaf:name'] ?? (person || agent['@id']);
}

/** What selling an offer needs: price, payment model, whether it is for sale, and its supplier. */
export function toOfferForSale(offer: TOffer): TCartOffer {
  const publisher = offer.datasets[0]?.['dcterms:publisher'];
  return {
    '@id': offer['@id'],
    title: offer.title,
    paymentModel: offer.paymentModel,
    price: offer.price,
    isSellable: offer.isSellable,
    providerId: publisher?.['@id'] ?? null,
    providerName: publisher ? agentName(publisher) : null,
  };
}

/**
 * The current sale terms of offers, keyed by id, read through the catalogue; ids that are not
 * UUIDs or not in the catalogue are simply absent.
 */
export async function loadOffersForSale(db: TDb, ids: readonly string[]): Promise<Map<string, TOfferForSale>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
  const offers = await loadOfferDocuments(db, wanted);
  return new Map(
    offers.map((offer) => [offer['@id'].toLowerCase(), { ...toOfferForSale(offer), licence: licenceOf(offer) }]),
  );
}

/** The licences of an offer's distributions, as the publisher wrote them, joined; null when none names one. */
function licenceOf(offer: TOffer): string | null {
  const licences = new Set(
    offer.datasets.flatMap((dataset) =>
      dataset['dcat:distribution'].flatMap((distribution) => distribution['dcterms:license'] ?? []),
    ),
  );
  return licences.size === 0 ? null : [...licences].join('; ');
}

/** The sale terms of an offer, with the licence a buyer accepts by ordering it. */
export type TOfferForSale = TCartOffer & { licence: string | null };
