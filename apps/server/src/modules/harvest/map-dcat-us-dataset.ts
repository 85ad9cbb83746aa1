import {
  byteSize,
  HarvestRecordError,
  keywordList,
  languageOf,
  type THarvestedAgent,
  type THarvestedDataset,
  text,
} from './harvested-dataset';
import { parseLooseDate } from './parse-loose-date';

type TJson = Record<string, unknown>;

const asObject = (value: unknown): TJson | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as TJson) : null;

const mailbox = (value: unknown): string | null => text(value)?.replace(/^mailto:/i, '') ?? null;

function publisherOf(value: unknown): THarvestedAgent | null {
  const publisher = asObject(value);
  if (publisher) {
    const name = text(publisher.name);
    return name ? { name, email: null, uri: text(publisher['@id']) } : null;
  }
  const name = text(value);
  return name ? { name, email: null, uri: null } : null;
}

function contactOf(value: unknown, fallbackEmail: unknown): THarvestedAgent | null {
  const contact = asObject(value);
  const name = contact ? text(contact.fn) : text(value);
  const email = mailbox(contact?.hasEmail) ?? mailbox(fallbackEmail);
  if (!name && !email) return null;
  return { name: name ?? email!, email, uri: null };
}

/**
 * A dataset of a DCAT-US `data.json` as a harvested dataset: Project Open Data 1.1 fields
 * (`contactPoint`, `distribution`, `theme`, `license`), and the older Socrata style (`contactName`
 * and `mbox`, `distribution` with `accessURL`, `keyword` as a comma-separated string, `category`).
 */
export function mapDcatUsDataset(value: unknown): THarvestedDataset {
  const dataset = asObject(value);
  if (!dataset) throw new HarvestRecordError('the dataset is not a JSON object');
  const identifier = text(dataset.identifier) ?? text(dataset['@id']);
  if (!identifier) throw new HarvestRecordError('the dataset has no identifier');
  const title = text(dataset.title);
  if (!title) throw new HarvestRecordError(`dataset ${identifier} has no title`);
  const distributions = Array.isArray(dataset.distribution) ? dataset.distribution : [];
  return {
    identifier,
    title,
    description: text(dataset.description) ?? '',
    language: languageOf(dataset.language, title),
    keywords: keywordList(dataset.keyword),
    themes: [...keywordList(dataset.theme), ...keywordList(dataset.category)],
    publisher: publisherOf(dataset.publisher),
    contact: contactOf(dataset.contactPoint ?? dataset.contactName, dataset.mbox),
    issued: parseLooseDate(dataset.issued),
    modified: parseLooseDate(dataset.modified),
    landingPage: text(dataset.landingPage),
    licence: text(dataset.license),
    distributions: distributions
      .map(asObject)
      .filter((distribution) => distribution !== null)
      .map((distribution) => ({
        title: text(distribution.title),
        mediaType: text(distribution.mediaType),
        format: text(distribution.format),
        licence: text(distribution.license),
        url: text(distribution.downloadURL) ?? text(distribution.accessURL),
        byteSize: byteSize(distribution.byteSize),
      })),
    paymentModel: null,
    price: null,
  };
}
