import { createHash } from 'node:crypto';
import { normaliseLicenceText, type TLicence } from '@dsm/contracts';
import type { TAgentRecord, TOfferRecord } from '../catalogue/offer-record';
import type { THarvestedAgent, THarvestedDataset } from './harvested-dataset';
import { mapThemes } from './map-themes';

/** The licence shown when a source's licence text matches no catalogue licence. */
export const UNKNOWN_LICENCE = 'n/a';

const digest = (value: string): string => createHash('sha1').update(value).digest('hex');

/** Agents are shared across offers and sources: the same URI, or the same name and e-mail, is one agent. */
function agentRecord(agent: THarvestedAgent): TAgentRecord {
  const id = agent.uri ?? `urn:dsm:agent:${digest(`${agent.name}\n${agent.email ?? ''}`)}`;
  return { id, type: 'foaf:Organization', name: agent.name, email: agent.email };
}

const UNKNOWN_PUBLISHER: THarvestedAgent = { name: 'Unknown publisher', email: null, uri: 'urn:dsm:agent:unknown' };

/**
 * Fingerprint of what a harvested dataset says; a re-run compares it with the stored one to tell
 * changed records from unchanged ones without reading the offer back.
 */
export function contentHash(dataset: THarvestedDataset): string {
  return digest(JSON.stringify(dataset));
}

/** Finds the catalogue licence a licence text names; the same comparison as `matchLicence`, indexed once per run. */
export type TLicenceMatcher = (text: string | null) => TLicence | null;

/**
 * A licence matcher over these licences (the first one naming a text wins, as in `matchLicence`):
 * comparing each record's licence with every spelling of every licence would dominate a harvest's time.
 */
export function createLicenceMatcher(licences: readonly TLicence[]): TLicenceMatcher {
  const byName = new Map<string, TLicence>();
  for (const licence of licences) {
    for (const name of [licence.licenceId, licence.licenceTitle, licence.licenceUrl, ...licence.mappings]) {
      const key = name ? normaliseLicenceText(name) : '';
      if (key && !byName.has(key)) byName.set(key, licence);
    }
  }
  return (text) => (text ? (byName.get(normaliseLicenceText(text)) ?? null) : null);
}

/**
 * The offer a harvested dataset becomes: free unless the source says otherwise, themes mapped onto our
 * categories, each distribution's licence (or the dataset's) matched through the licence mappings and
 * stored as the catalogue licence's id, 'n/a' when none matches.
 */
export function toOfferRecord(
  dataset: THarvestedDataset,
  offerId: string,
  matchLicence: TLicenceMatcher,
): TOfferRecord {
  const publisher = agentRecord(dataset.publisher ?? UNKNOWN_PUBLISHER);
  const contact = dataset.contact ? agentRecord(dataset.contact) : null;
  const datasetId = `urn:dsm:dataset:${offerId}`;
  const paymentModel = dataset.paymentModel ?? 'FREE_OF_CHARGE';
  const price = paymentModel === 'FREE_OF_CHARGE' ? 0 : (dataset.price ?? 0);
  return {
    id: offerId,
    title: dataset.title,
    description: dataset.description,
    language: dataset.language,
    keywords: dataset.keywords,
    categories: mapThemes(dataset.themes),
    paymentModel,
    price,
    isSellable: paymentModel !== 'FREE_OF_CHARGE',
    author: null,
    authorEmail: null,
    maintainer: dataset.contact?.name ?? null,
    maintainerEmail: dataset.contact?.email ?? null,
    providerUrl: dataset.landingPage,
    provider: dataset.publisher?.name ?? null,
    country: null,
    termsOfUse: null,
    period: null,
    accessType: 'DIRECT',
    contentType: 'DATA',
    datasets: [
      {
        id: datasetId,
        issued: dataset.issued,
        modified: dataset.modified,
        publisher,
        creator: null,
        custodian: contact,
        themes: mapThemes(dataset.themes),
        distributions: dataset.distributions.map((distribution, position) => ({
          id: `${datasetId}:${position}`,
          title: distribution.title ?? distribution.format ?? dataset.title,
          mediaType: distribution.mediaType,
          format: distribution.format,
          licence: matchLicence(distribution.licence ?? dataset.licence)?.licenceId ?? UNKNOWN_LICENCE,
          accessUrl: distribution.url,
          byteSize: distribution.byteSize,
        })),
      },
    ],
  };
}
