import type { Asset } from '@dsm/connector-client';
import { CATEGORIES } from '@dsm/contracts';
import { nameBasedUuid } from '../../lib/name-based-uuid';
import type { TAgentRecord, TOfferRecord } from '../catalogue/offer-record';
import type { TConnectorRow } from './connector-repository';
import { assetName, connectorOfferName, describePolicy, type TConnectorOfferSource } from './map-connector-offer';

const KNOWN_CATEGORIES = new Set<string>(CATEGORIES);

/**
 * The catalogue id of a connector offer: a name-based (version 5 style) UUID of the connector id and the offer id,
 * so the same offer always lands on the same catalogue offer however often it is uploaded or the connector moves.
 */
export function catalogueOfferId(connectorId: string, offerId: string): string {
  return nameBasedUuid('dsm-connector-offer', connectorId, offerId);
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** A property holding a list: an array of texts, or one comma-separated text. */
function texts(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map(text).filter((item): item is string => item !== null);
}

const unique = (items: string[]) => [...new Set(items)];

function httpUrl(value: unknown): string | null {
  const url = text(value);
  return url !== null && /^https?:\/\//i.test(url) ? url : null;
}

function issuedOf(asset: Asset): Date | null {
  return typeof asset.createdAt === 'number' && Number.isFinite(asset.createdAt) ? new Date(asset.createdAt) : null;
}

/** The agent publishing a connector's offers: the connector itself, named after it. */
export function connectorPublisher(connector: TConnectorRow): TAgentRecord {
  return { id: `urn:dsm:connector:${connector.id}`, type: 'foaf:Organization', name: connector.name };
}

/**
 * What every offer read from a connector has in common, uploaded or crawled: free, not sold through the cart (the
 * data space's contract is its terms), delivered by connector, with no named people or country.
 */
export const CONNECTOR_OFFER_TERMS = {
  paymentModel: 'FREE_OF_CHARGE',
  price: 0,
  isSellable: false,
  author: null,
  authorEmail: null,
  maintainer: null,
  maintainerEmail: null,
  country: null,
  period: null,
  accessType: 'CONNECTOR',
  contentType: 'DATA',
} as const satisfies Partial<TOfferRecord>;

/**
 * The catalogue offer made from a connector offer: titled with the offer's name, described by its assets, one
 * dataset per asset with one distribution (the asset's media type, licence and, when it is a web address, its base
 * URL), the contract policy in words as its terms of use, published by the connector. Connector offers are free and
 * not sold through the marketplace: the contract is made between the connectors.
 */
export function connectorOfferRecord(
  connector: TConnectorRow,
  source: TConnectorOfferSource,
  now: Date = new Date(),
): TOfferRecord {
  const id = catalogueOfferId(connector.id, source.definition.id);
  const { assets } = source;
  const title = connectorOfferName(source);
  const descriptions = unique(assets.map((asset) => text(asset.properties.description)).filter((d) => d !== null));
  const categories = unique(assets.flatMap((asset) => texts(asset.properties.categories))).filter((category) =>
    KNOWN_CATEGORIES.has(category),
  );
  const languages = assets.map((asset) => text(asset.properties.language)?.toLowerCase()).filter(Boolean);
  const language = languages[0] && /^[a-z]{2}$/.test(languages[0]) ? languages[0] : 'en';
  const publisher = connectorPublisher(connector);
  const themes = categories.length > 0 ? categories : ['OTHERS'];
  return {
    id,
    title,
    description:
      descriptions.length > 0
        ? descriptions.join(' ')
        : `Offer ${source.definition.id} of the connector ${connector.name}.`,
    language,
    keywords: unique(assets.flatMap((asset) => texts(asset.properties.keywords))),
    categories: themes,
    ...CONNECTOR_OFFER_TERMS,
    providerUrl: connector.url,
    provider: connector.name,
    termsOfUse: source.contractPolicy ? describePolicy(source.contractPolicy.policy) : null,
    datasets: assets.map((asset, position) => ({
      id: `${id}/dataset/${position}`,
      issued: issuedOf(asset),
      modified: now,
      publisher,
      creator: null,
      custodian: null,
      themes,
      distributions: [
        {
          id: `${id}/distribution/${position}`,
          title: assetName(asset),
          mediaType: text(asset.properties.contenttype),
          format: null,
          licence: text(asset.properties.license) ?? text(asset.properties.licence),
          accessUrl: httpUrl(asset.dataAddress.baseUrl),
          byteSize: null,
        },
      ],
    })),
  };
}
