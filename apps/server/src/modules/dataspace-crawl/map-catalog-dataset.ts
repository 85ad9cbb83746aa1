import { createHash } from 'node:crypto';
import type { Dataset } from '@dsm/connector-client';
import { CATEGORIES } from '@dsm/contracts';
import { nameBasedUuid } from '../../lib/name-based-uuid';
import type { TOfferRecord } from '../catalogue/offer-record';
import { CONNECTOR_OFFER_TERMS, connectorPublisher } from '../connectors/connector-offer-record';
import type { TConnectorRow } from '../connectors/connector-repository';
import { marketplaceOfferIdOf } from '../connectors/map-connector-offer';
import { describeOfferPolicy } from './describe-offer-policy';

const KNOWN_CATEGORIES = new Set<string>(CATEGORIES);

/** The longest title and description kept: a participant's catalog is not ours to trust with sizes. */
const MAX_TITLE = 500;
const MAX_DESCRIPTION = 20_000;

/**
 * The catalogue id of a crawled dataset: a name-based (version 5 style) UUID of the connector id and the dataset id,
 * so the same dataset always lands on the same catalogue offer however often it is crawled. Its own namespace keeps
 * it apart from the offers an operator uploads (upload-connector-offer), which are named after contract definitions.
 */
export function crawledOfferId(connectorId: string, datasetId: string): string {
  return nameBasedUuid('dsm-crawled-dataset', connectorId, datasetId);
}

/** A plain text of a property: a string, or the `@value` of a JSON-LD value object. */
function text(value: unknown): string | null {
  if (Array.isArray(value)) return text(value[0]);
  if (value !== null && typeof value === 'object' && '@value' in value) return text(value['@value']);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A property holding a list: an array of texts, or one comma-separated text. */
function texts(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return items.map(text).filter((item): item is string => item !== null);
}

const unique = (items: string[]) => [...new Set(items)];

/** The first property of the dataset that is set, among names meaning the same (EDC's, DCAT's). */
function firstOf(dataset: Dataset, names: readonly string[]): unknown {
  for (const name of names) {
    const value = dataset.properties[name];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

function dateOf(value: unknown): Date | null {
  const raw = text(value) ?? (typeof value === 'number' ? value : null);
  if (raw === null) return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** What the crawl makes of one dataset: its offer and the fingerprint of what it says. */
export type TCrawledDataset = { record: TOfferRecord; contentHash: string };

/** Why a dataset of a catalog cannot be an offer; the crawl counts it as failed with this reason. */
export class UnusableDatasetError extends Error {}

/** True for a dataset that is an offer the marketplace published on the connector itself: it is in the catalogue. */
export function isPublishedByMarketplace(dataset: Dataset): boolean {
  return (
    marketplaceOfferIdOf({
      id: dataset.id,
      properties: dataset.properties,
      privateProperties: {},
      dataAddress: { type: '' },
    }) !== null
  );
}

/**
 * The catalogue offer of one dataset of a participant's DSP catalog: access type Connector, titled and described by
 * the dataset's (asset's) properties, published by the participant's connector, naming the participant, its offers'
 * policies in words as its terms of use and at the end of its description ('Who: … For: … When: … Where: …'), and one distribution per transfer format. Free: the
 * contract is made between the connectors; acquired at 0 € it is delivered through the buyer's connector. The offers' ids are left out, because a
 * connector makes new ones for every catalog request, and so is everything else that changes without the dataset
 * changing, so the fingerprint changes only with what buyers see.
 */
export function mapCatalogDataset(options: {
  connector: TConnectorRow;
  participantId: string;
  dataset: Dataset;
}): TCrawledDataset {
  const { connector, participantId, dataset } = options;
  if (dataset.offers.length === 0) throw new UnusableDatasetError('has no offer (odrl:hasPolicy) to negotiate');
  const id = crawledOfferId(connector.id, dataset.id);
  const title = text(firstOf(dataset, ['name', 'title', 'dct:title', 'http://purl.org/dc/terms/title'])) ?? dataset.id;
  if (title.length > MAX_TITLE) throw new UnusableDatasetError(`its name is longer than ${MAX_TITLE} characters`);
  const description =
    text(firstOf(dataset, ['description', 'dct:description', 'http://purl.org/dc/terms/description'])) ??
    `Dataset ${dataset.id} of the participant ${participantId}.`;
  if (description.length > MAX_DESCRIPTION) {
    throw new UnusableDatasetError(`its description is longer than ${MAX_DESCRIPTION} characters`);
  }
  const categories = unique(texts(firstOf(dataset, ['categories', 'category', 'theme']))).filter((category) =>
    KNOWN_CATEGORIES.has(category),
  );
  const themes = categories.length > 0 ? categories : ['OTHERS'];
  const language = text(firstOf(dataset, ['language', 'dct:language']))?.toLowerCase() ?? 'en';
  const policies = unique(dataset.offers.map(describeOfferPolicy));
  const termsOfUse =
    policies.length === 1
      ? `Conditions of use: ${policies[0]}`
      : policies.map((policy, index) => `Conditions of use of offer ${index + 1}: ${policy}`).join('\n');
  const formats = unique(dataset.distributions.map((distribution) => distribution.format ?? '').filter(Boolean));
  const mediaType = text(firstOf(dataset, ['contenttype', 'contentType', 'mediaType', 'dcat:mediaType']));
  const licence = text(firstOf(dataset, ['license', 'licence', 'dct:license']));
  const record: TOfferRecord = {
    id,
    title,
    // The offer page shows the description, so the conditions are read, and searched, there.
    description: `${description}\n\nOffered in the data space by the participant ${participantId}.\n${termsOfUse}`,
    language: /^[a-z]{2}$/.test(language) ? language : 'en',
    keywords: unique(texts(firstOf(dataset, ['keywords', 'keyword', 'dcat:keyword']))).slice(0, 50),
    categories: themes,
    ...CONNECTOR_OFFER_TERMS,
    // Acquired at 0 € like a free offer of the marketplace's own, so 'Request access' in My Acquisitions delivers it.
    isSellable: true,
    providerUrl: connector.url,
    provider: participantId,
    termsOfUse,
    datasets: [
      {
        id: `${id}/dataset/0`,
        issued: dateOf(firstOf(dataset, ['issued', 'dct:issued', 'createdAt'])),
        modified: dateOf(firstOf(dataset, ['modified', 'dct:modified'])),
        publisher: connectorPublisher(connector),
        creator: null,
        custodian: null,
        themes,
        distributions: (formats.length > 0 ? formats : [dataset.id]).map((format, position) => ({
          id: `${id}/distribution/${position}`,
          title: format,
          mediaType,
          format: null,
          licence,
          // Never an address: the data is negotiated and transferred between connectors.
          accessUrl: null,
          byteSize: null,
        })),
      },
    ],
  };
  const contentHash = createHash('sha256').update(JSON.stringify(record)).digest('hex');
  return { record, contentHash };
}
