import { PAYMENT_MODELS, type TPaymentModel } from '@dsm/contracts';
import type { Store, Term } from 'n3';
import { NS } from './dcat-vocabulary';
import {
  byteSize,
  HarvestRecordError,
  languageOf,
  type THarvestedAgent,
  type THarvestedDataset,
  text,
} from './harvested-dataset';
import { parseLooseDate } from './parse-loose-date';

const RDF_TYPE = `${NS.rdf}type`;

function objects(store: Store, subject: Term, predicate: string): Term[] {
  return store.getObjects(subject, predicate, null);
}

/** The language tag of a literal ('' for none or for an IRI). */
const tagOf = (term: Term): string =>
  term.termType === 'Literal' && 'language' in term ? String(term.language).toLowerCase() : '';

/**
 * The text of a property; with a language, the value tagged with it (or a regional variant such as de-AT)
 * when there is one, so a multilingual catalogue gives the dataset's own language, not whichever came first.
 */
function literal(store: Store, subject: Term, predicate: string, language?: string | null): string | null {
  const terms = objects(store, subject, predicate);
  const preferred =
    (language &&
      terms.find((term) => {
        const tag = tagOf(term);
        return tag === language || tag.startsWith(`${language}-`);
      })) ||
    terms[0];
  return preferred ? text(preferred.value) : null;
}

function agentOf(
  store: Store,
  subject: Term | undefined,
  nameProperty: string,
  emailProperty: string,
): THarvestedAgent | null {
  if (!subject) return null;
  const name = literal(store, subject, nameProperty);
  const email = literal(store, subject, emailProperty)?.replace(/^mailto:/i, '') ?? null;
  if (!name && !email) return null;
  return { name: name ?? email!, email, uri: subject.termType === 'NamedNode' ? subject.value : null };
}

/** The language a literal is tagged with, for the title. */
function titleLanguage(store: Store, subject: Term): string | null {
  const title = objects(store, subject, `${NS.dct}title`)[0];
  return title && title.termType === 'Literal' && 'language' in title && title.language ? title.language : null;
}

/**
 * The publisher of the catalogue listing a dataset (or of the page's only catalogue): DCAT-AP makes the
 * catalogue's publisher responsible for datasets that name none.
 */
function cataloguePublisher(store: Store, dataset: Term): Term | undefined {
  const catalogues = store.getSubjects(`${NS.dcat}dataset`, dataset, null);
  const candidates = catalogues.length > 0 ? catalogues : store.getSubjects(RDF_TYPE, `${NS.dcat}Catalog`, null);
  if (catalogues.length === 0 && candidates.length !== 1) return undefined;
  for (const catalogue of candidates) {
    const publisher = objects(store, catalogue, `${NS.dct}publisher`)[0];
    if (publisher) return publisher;
  }
  return undefined;
}

/** One dcat:Dataset of a graph as a harvested dataset. */
export function mapDcatDataset(store: Store, subject: Term): THarvestedDataset {
  const identifier =
    literal(store, subject, `${NS.dct}identifier`) ?? (subject.termType === 'NamedNode' ? subject.value : null);
  if (!identifier) throw new HarvestRecordError('a dcat:Dataset has neither dct:identifier nor an IRI');
  const anyTitle = literal(store, subject, `${NS.dct}title`);
  if (!anyTitle) throw new HarvestRecordError(`dataset ${identifier} has no dct:title`);
  const languageTerm = objects(store, subject, `${NS.dct}language`).map((term) => term.value);
  const language = languageOf(languageTerm.length > 0 ? languageTerm : titleLanguage(store, subject), anyTitle);
  const title = literal(store, subject, `${NS.dct}title`, language) ?? anyTitle;
  const paymentText = literal(store, subject, `${NS.dsm}paymentModel`);
  const paymentModel = PAYMENT_MODELS.includes(paymentText as TPaymentModel) ? (paymentText as TPaymentModel) : null;
  const price = Number(literal(store, subject, `${NS.dsm}price`) ?? Number.NaN);
  const distributions = objects(store, subject, `${NS.dcat}distribution`)
    .map((distribution) => ({
      position: Number(literal(store, distribution, `${NS.dsm}position`) ?? Number.MAX_SAFE_INTEGER),
      value: {
        title: literal(store, distribution, `${NS.dct}title`),
        mediaType: literal(store, distribution, `${NS.dcat}mediaType`)?.replace(/^.*\/media-types?\//, '') ?? null,
        format: literal(store, distribution, `${NS.dct}format`)?.replace(/^.*\/file-type\//, '') ?? null,
        licence: literal(store, distribution, `${NS.dct}license`),
        url:
          literal(store, distribution, `${NS.dcat}downloadURL`) ?? literal(store, distribution, `${NS.dcat}accessURL`),
        byteSize: byteSize(Number(literal(store, distribution, `${NS.dcat}byteSize`) ?? Number.NaN)),
      },
    }))
    // Triples have no order: an explicit position (our export writes one) keeps the source's.
    .sort((a, b) => a.position - b.position || String(a.value.url).localeCompare(String(b.value.url)))
    .map((entry) => entry.value);
  return {
    identifier,
    title,
    description: literal(store, subject, `${NS.dct}description`, language) ?? '',
    language,
    keywords: objects(store, subject, `${NS.dcat}keyword`)
      .map((term) => term.value.trim())
      .filter((keyword, index, all) => keyword && all.indexOf(keyword) === index)
      .sort(),
    themes: objects(store, subject, `${NS.dcat}theme`)
      .map((term) => term.value)
      .sort(),
    publisher: agentOf(
      store,
      objects(store, subject, `${NS.dct}publisher`)[0] ?? cataloguePublisher(store, subject),
      `${NS.foaf}name`,
      `${NS.foaf}mbox`,
    ),
    contact: agentOf(
      store,
      objects(store, subject, `${NS.dcat}contactPoint`)[0],
      `${NS.vcard}fn`,
      `${NS.vcard}hasEmail`,
    ),
    issued: parseLooseDate(literal(store, subject, `${NS.dct}issued`)),
    modified: parseLooseDate(literal(store, subject, `${NS.dct}modified`)),
    landingPage: literal(store, subject, `${NS.dcat}landingPage`),
    // Not in DCAT-AP, but portals write it: the licence of distributions that name none.
    licence: literal(store, subject, `${NS.dct}license`),
    distributions,
    paymentModel,
    price: Number.isFinite(price) && price >= 0 ? price : null,
  };
}

/** The subjects typed dcat:Dataset, in a stable order. */
export function datasetSubjects(store: Store): Term[] {
  return store.getSubjects(RDF_TYPE, `${NS.dcat}Dataset`, null).sort((a, b) => a.value.localeCompare(b.value));
}

/** The next page a hydra-paged catalogue links to, if any. */
export function nextPageOf(store: Store): string | null {
  const next =
    store.getObjects(null, `${NS.hydra}next`, null)[0] ?? store.getObjects(null, `${NS.hydra}nextPage`, null)[0];
  return next ? next.value : null;
}
