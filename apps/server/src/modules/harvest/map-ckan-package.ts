import { PAYMENT_MODELS, type TPaymentModel } from '@dsm/contracts';
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

type TCkanPackage = Record<string, unknown>;

function extrasOf(pkg: TCkanPackage): Map<string, unknown> {
  const extras = new Map<string, unknown>();
  if (Array.isArray(pkg.extras)) {
    for (const extra of pkg.extras as { key?: unknown; value?: unknown }[]) {
      if (typeof extra?.key === 'string') extras.set(extra.key, extra.value);
    }
  }
  return extras;
}

function agent(name: unknown, email: unknown, uri: unknown = null): THarvestedAgent | null {
  const agentName = text(name);
  const agentEmail = text(email);
  if (!agentName && !agentEmail) return null;
  return { name: agentName ?? agentEmail!, email: agentEmail, uri: text(uri) };
}

/**
 * A CKAN package (`package_show` / `package_search` dict, as in JSON lines dumps) as a harvested
 * dataset: groups are its themes, tags and a `keywords` field its keywords, the organisation its
 * publisher and the contact person, maintainer or author its contact. Paid offers are recognised by
 * `payment_model` and `price` fields or extras.
 */
export function mapCkanPackage(pkg: unknown): THarvestedDataset {
  if (typeof pkg !== 'object' || pkg === null || Array.isArray(pkg)) {
    throw new HarvestRecordError('the record is not a JSON object');
  }
  const record = pkg as TCkanPackage;
  const identifier = text(record.id) ?? text(record.name);
  if (!identifier) throw new HarvestRecordError('the package has neither id nor name');
  const title = text(record.title) ?? text(record.name);
  if (!title) throw new HarvestRecordError(`package ${identifier} has no title`);
  const extras = extrasOf(record);
  const organization = record.organization as Record<string, unknown> | null | undefined;
  const groups = Array.isArray(record.groups) ? (record.groups as Record<string, unknown>[]) : [];
  const themes = groups.map((group) => text(group?.name) ?? text(group?.title)).filter((name) => name !== null);
  for (const theme of keywordList(extras.get('theme'))) themes.push(theme);

  const keywords = keywordList(record.tags);
  // depositar's `keywords` are Wikidata ids (Q47041): identifiers, not words people search for.
  for (const keyword of keywordList(record.keywords)) {
    if (!/^Q\d+$/.test(keyword) && !keywords.includes(keyword)) keywords.push(keyword);
  }

  const licence = text(record.license_id) ?? text(record.license_url) ?? text(record.license_title);
  const resources = Array.isArray(record.resources) ? (record.resources as Record<string, unknown>[]) : [];
  const paymentText = text(record.payment_model) ?? text(extras.get('payment_model'));
  const paymentModel = PAYMENT_MODELS.includes(paymentText as TPaymentModel) ? (paymentText as TPaymentModel) : null;
  const price = Number(text(record.price) ?? text(extras.get('price')) ?? Number.NaN);

  return {
    identifier,
    title,
    description: text(record.notes) ?? '',
    language: languageOf(record.language ?? extras.get('language'), title),
    keywords,
    themes,
    publisher: organization ? agent(organization.title ?? organization.name, null, organization.id) : null,
    contact:
      agent(record.contact_person, record.contact_email) ??
      agent(record.maintainer, record.maintainer_email) ??
      agent(record.author, record.author_email),
    issued: parseLooseDate(record.metadata_created ?? extras.get('issued')),
    modified: parseLooseDate(record.metadata_modified ?? extras.get('modified')),
    landingPage: text(record.url),
    licence,
    distributions: resources
      .filter((resource) => resource && typeof resource === 'object' && resource.state !== 'deleted')
      .map((resource) => ({
        title: text(resource.name),
        mediaType: text(resource.mimetype),
        format: text(resource.format),
        licence: text(resource.license_id) ?? text(resource.license),
        url: text(resource.url),
        byteSize: byteSize(resource.size),
      })),
    paymentModel,
    price: Number.isFinite(price) && price >= 0 ? price : null,
  };
}
