import type { TLicence, TOffer } from '@dsm/contracts';
import { DataFactory, type Quad, type Quad_Object, type Quad_Subject } from 'n3';
import { NS } from '../harvest/dcat-vocabulary';
import { EU_THEME_CATEGORIES } from '../harvest/map-themes';

const { namedNode, literal, quad, blankNode } = DataFactory;

const RDF_TYPE = namedNode(`${NS.rdf}type`);
const EU_THEME = 'http://publications.europa.eu/resource/authority/data-theme/';
const EU_LANGUAGE = 'http://publications.europa.eu/resource/authority/language/';
const IANA_MEDIA_TYPE = 'https://www.iana.org/assignments/media-types/';
const THEME_OF_CATEGORY = new Map(Object.entries(EU_THEME_CATEGORIES).map(([code, category]) => [category, code]));
const LANGUAGE_CODES: Record<string, string> = {
  zh: 'ZHO',
  en: 'ENG',
  de: 'DEU',
  nl: 'NLD',
  fr: 'FRA',
  es: 'SPA',
  it: 'ITA',
  pt: 'POR',
  ja: 'JPN',
  ko: 'KOR',
};

/**
 * The triples of an export in slices, each small enough to write without holding the event loop (a few
 * dozen offers); the writers pass the event loop on between slices.
 */
export type TDcatGraph = AsyncIterable<readonly Quad[]> | Iterable<readonly Quad[]>;

/** A landing page for one offer, alongside the presented offer. */
export type TCatalogEntry = {
  offer: TOffer;
  landingPage: string | null;
  /**
   * The offer's page in the marketplace, where access is bought: the accessURL of a distribution whose
   * URL is withheld, as DCAT advises for data reached only through a landing page.
   */
  offerPage: string;
};

/** An IRI made safe for Turtle and N-Quads: characters IRIs forbid are percent-encoded. */
function iri(value: string) {
  return namedNode(value.replace(/[\s<>"{}|\\^`]/g, (char) => encodeURIComponent(char)));
}

/**
 * The DCAT-AP triples of offers: each a dcat:Dataset at `{catalogUrl}/{id}` with title and description in
 * the offer's language, keywords, EU data themes (our own category IRI where the EU has none), publisher,
 * contact point, dates, and distributions with licence IRI, media type and position. Payment model and
 * price go in the `urn:dsm:terms#` vocabulary, since DCAT-AP has no terms for them. A distribution whose
 * URL is withheld from the caller (a paid offer) gets the offer's marketplace page as accessURL and
 * `dsm:accessRestricted true`.
 */
export function offerQuads(
  catalogUrl: string,
  entries: readonly TCatalogEntry[],
  licences: readonly TLicence[],
): Quad[] {
  const quads: Quad[] = [];
  const add = (subject: Quad_Subject, predicate: string, object: Quad_Object) =>
    quads.push(quad(subject, namedNode(predicate), object));
  const licenceUrl = new Map(licences.map((licence) => [licence.licenceId, licence.licenceUrl]));
  for (const { offer, landingPage, offerPage } of entries) {
    const dataset = namedNode(`${catalogUrl}/${offer['@id']}`);
    const language = offer.description['@language'];
    quads.push(quad(dataset, RDF_TYPE, namedNode(`${NS.dcat}Dataset`)));
    add(dataset, `${NS.dct}identifier`, literal(dataset.value));
    add(dataset, `${NS.dct}title`, literal(offer.title, language));
    add(dataset, `${NS.dct}description`, literal(offer.description['@value'], language));
    add(
      dataset,
      `${NS.dct}language`,
      LANGUAGE_CODES[language] ? namedNode(`${EU_LANGUAGE}${LANGUAGE_CODES[language]}`) : literal(language),
    );
    for (const keyword of offer.keywords) add(dataset, `${NS.dcat}keyword`, literal(keyword, language));
    for (const category of offer.categories) {
      const code = THEME_OF_CATEGORY.get(category as never);
      add(dataset, `${NS.dcat}theme`, namedNode(code ? `${EU_THEME}${code}` : `${NS.dsm}${category}`));
    }
    add(dataset, `${NS.dsm}paymentModel`, literal(offer.paymentModel));
    add(dataset, `${NS.dsm}price`, literal(String(offer.price), namedNode(`${NS.xsd}decimal`)));
    if (landingPage) add(dataset, `${NS.dcat}landingPage`, iri(landingPage));
    const first = offer.datasets[0];
    if (!first) continue;
    if (first['dcterms:issued'])
      add(dataset, `${NS.dct}issued`, literal(first['dcterms:issued'], namedNode(`${NS.xsd}dateTime`)));
    if (first['dcterms:modified'])
      add(dataset, `${NS.dct}modified`, literal(first['dcterms:modified'], namedNode(`${NS.xsd}dateTime`)));
    const publisher = first['dcterms:publisher'];
    const publisherNode = iri(publisher['@id']);
    add(dataset, `${NS.dct}publisher`, publisherNode);
    quads.push(quad(publisherNode, RDF_TYPE, namedNode(`${NS.foaf}Agent`)));
    if (publisher['foaf:name']) add(publisherNode, `${NS.foaf}name`, literal(publisher['foaf:name']));
    const contact = first['geodcatp:custodian'];
    if (contact) {
      const contactNode = blankNode();
      add(dataset, `${NS.dcat}contactPoint`, contactNode);
      quads.push(quad(contactNode, RDF_TYPE, namedNode(`${NS.vcard}Kind`)));
      if (contact['foaf:name']) add(contactNode, `${NS.vcard}fn`, literal(contact['foaf:name']));
      if (contact['foaf:mbox']) add(contactNode, `${NS.vcard}hasEmail`, iri(contact['foaf:mbox']));
    }
    first['dcat:distribution'].forEach((distribution, position) => {
      const node = namedNode(`${dataset.value}#distribution-${position}`);
      add(dataset, `${NS.dcat}distribution`, node);
      quads.push(quad(node, RDF_TYPE, namedNode(`${NS.dcat}Distribution`)));
      add(node, `${NS.dsm}position`, literal(String(position), namedNode(`${NS.xsd}integer`)));
      if (distribution['dcterms:title']) add(node, `${NS.dct}title`, literal(distribution['dcterms:title']));
      const mediaType = distribution['dcat:mediaType'];
      if (mediaType)
        add(
          node,
          `${NS.dcat}mediaType`,
          /^[\w.+-]+\/[\w.+-]+$/.test(mediaType) ? namedNode(`${IANA_MEDIA_TYPE}${mediaType}`) : literal(mediaType),
        );
      if (distribution['dcterms:format']) add(node, `${NS.dct}format`, literal(distribution['dcterms:format']));
      const licence = distribution['dcterms:license'] ? licenceUrl.get(distribution['dcterms:license']) : undefined;
      if (licence) add(node, `${NS.dct}license`, iri(licence));
      if (distribution.isAccessRestricted) {
        add(node, `${NS.dcat}accessURL`, iri(offerPage));
        add(node, `${NS.dsm}accessRestricted`, literal('true', namedNode(`${NS.xsd}boolean`)));
      } else if (distribution['dcat:accessURL']) {
        add(node, `${NS.dcat}accessURL`, iri(distribution['dcat:accessURL']));
      }
      if (distribution['dcat:byteSize'] !== null) {
        add(
          node,
          `${NS.dcat}byteSize`,
          literal(String(distribution['dcat:byteSize']), namedNode(`${NS.xsd}nonNegativeInteger`)),
        );
      }
    });
  }
  return quads;
}

/** The catalogue node with hydra paging: total, this page, and first, previous, next and last pages. */
export function catalogQuads(
  catalogUrl: string,
  entries: readonly TCatalogEntry[],
  paging: { page: number; pageSize: number; total: number },
): Quad[] {
  const catalog = namedNode(catalogUrl);
  const pageUrl = (page: number) => `${catalogUrl}?page=${page}&pageSize=${paging.pageSize}`;
  const view = namedNode(pageUrl(paging.page));
  const last = Math.max(1, Math.ceil(paging.total / paging.pageSize));
  const quads: Quad[] = [
    quad(catalog, RDF_TYPE, namedNode(`${NS.dcat}Catalog`)),
    quad(catalog, RDF_TYPE, namedNode(`${NS.hydra}Collection`)),
    quad(catalog, namedNode(`${NS.dct}title`), literal('Data marketplace catalogue', 'en')),
    quad(catalog, namedNode(`${NS.hydra}totalItems`), literal(String(paging.total), namedNode(`${NS.xsd}integer`))),
    quad(catalog, namedNode(`${NS.hydra}view`), view),
    quad(view, RDF_TYPE, namedNode(`${NS.hydra}PartialCollectionView`)),
    quad(view, namedNode(`${NS.hydra}first`), namedNode(pageUrl(1))),
    quad(view, namedNode(`${NS.hydra}last`), namedNode(pageUrl(last))),
  ];
  if (paging.page > 1)
    quads.push(quad(view, namedNode(`${NS.hydra}previous`), namedNode(pageUrl(Math.min(paging.page - 1, last)))));
  if (paging.page < last) quads.push(quad(view, namedNode(`${NS.hydra}next`), namedNode(pageUrl(paging.page + 1))));
  for (const { offer } of entries)
    quads.push(quad(catalog, namedNode(`${NS.dcat}dataset`), namedNode(`${catalogUrl}/${offer['@id']}`)));
  return quads;
}
