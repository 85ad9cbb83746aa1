import { randomUUID } from 'node:crypto';
import jsonld from 'jsonld';
import { DataFactory, type Quad, Parser as TurtleParser, Writer } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOffer } from '../../test/factories';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { insertOffer } from '../catalogue/load-offers';
import { seedCatalogue } from '../catalogue/seed-catalogue';
import { JUDGED_OFFERS } from '../search/evaluation/judged-corpus';
import { createUser } from '../users/create-user';
import type { TDcatGraph } from './dcat-graph';
import { getCatalogPage } from './get-catalog-page';
import { DCAT_PREFIXES } from './rdf-nodes';
import { parseRdfXml } from './rdf-test-data';
import { writeJsonLd } from './write-json-ld';
import { writeRdfXml } from './write-rdf-xml';
import { writeTurtle } from './write-turtle';

/**
 * The writers against the graph they are given: each format, parsed back, holds the same triples, and the
 * JSON-LD says what `jsonld`'s generic fromRDF and compaction said before it (which took 40 s at 1,000 offers).
 */

const CATALOG_URL = 'https://marketplace.example/api/catalog';
const { namedNode, literal, blankNode, quad } = DataFactory;

let database: TTestDatabase;
let userId: string;

async function textOf(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

function nQuadsOf(quads: readonly Quad[]): string {
  const writer = new Writer({ format: 'N-Quads' });
  return quads.map((one) => writer.quadToString(one.subject, one.predicate, one.object)).join('');
}

/** The graph in canonical N-Quads (RDFC-1.0): equal strings are isomorphic graphs. */
async function canonical(quads: readonly Quad[]): Promise<string> {
  // The typings know only JSON-LD input; N-Quads input is documented (inputFormat).
  const canonize = jsonld.canonize as unknown as (input: string, options: object) => Promise<string>;
  return canonize(nQuadsOf(quads), {
    inputFormat: 'application/n-quads',
    format: 'application/n-quads',
    canonizeOptions: { maxWorkFactor: 3 },
  });
}

async function fromJsonLd(text: string): Promise<Quad[]> {
  const nquads = (await jsonld.toRDF(JSON.parse(text), { format: 'application/n-quads' })) as unknown as string;
  return new TurtleParser({ format: 'N-Quads' }).parse(nquads);
}

/** What the export answered before: the generic conversion of `jsonld` over the whole page at once. */
async function genericJsonLd(quads: readonly Quad[]): Promise<string> {
  const expanded = await jsonld.fromRDF(nQuadsOf(quads), { format: 'application/n-quads', useNativeTypes: false });
  return JSON.stringify(await jsonld.compact(expanded, { '@context': DCAT_PREFIXES } as never));
}

async function slicesOf(graph: TDcatGraph): Promise<(readonly Quad[])[]> {
  const slices: (readonly Quad[])[] = [];
  for await (const slice of graph) slices.push(slice);
  return slices;
}

/** An offer with the values that trip writers up: quotes, markup, line breaks, odd IRIs, no sizes. */
function trickyOffer() {
  const offer = makeOffer({
    title: 'Tide "tables" <2024> & more \\ back\nslash\r\nline\ttab 🌊 Ünïcødé',
    description: 'Zeilen\nmit "Zitaten", <b>Markup</b> & Ampersand; ]]> and \u00a0non-breaking',
    language: 'de',
    keywords: ['Gezeiten', 'gezeiten', 'Ebbe & Flut', 'Gezeiten', '"quoted"'],
    categories: ['ENVIRONMENT', 'TRANSPORT', 'OTHERS'],
    paymentModel: 'PAY_PER_USE_DOWNLOAD',
    price: 12.345,
    isSellable: true,
    providerUrl: 'https://provider.example.org/a path/{x}|y^z`<q>"?q=ä&r=1#frag',
    byteSizes: [0, null, 9_007_199_254_740_991],
  });
  const dataset = offer.datasets[0]!;
  dataset.publisher = {
    id: 'https://dsm.example/agents/org/müller & söhne',
    type: 'foaf:Organization',
    name: 'Müller & Söhne <GmbH>',
  };
  dataset.custodian = { id: `custodian-${offer.id}`, type: 'foaf:Organization', name: 'Dr. "Q"', email: 'q+x@ex.org' };
  dataset.distributions[0]!.mediaType = 'text/csv; charset=utf-8';
  dataset.distributions[1]!.mediaType = 'application/vnd.geo+json';
  dataset.distributions[1]!.accessUrl = 'https://data.example.org/x y/ä.json?a=1&b=<2>';
  dataset.distributions[2]!.licence = null;
  dataset.distributions[2]!.accessUrl = null;
  return offer;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue({ db: database.db, pool: database.pool, datasets: 100, firstOffers: JUDGED_OFFERS });
  for (const language of ['de', 'pt', 'zh']) await insertOffer(database.db, { ...trickyOffer(), language });
  const free = makeOffer({ title: 'Plain', language: 'nl', providerUrl: null, byteSizes: [] });
  await insertOffer(database.db, free);
  userId = (
    await createUser({
      db: database.db,
      email: `viewer-${randomUUID()}@example.org`,
      name: 'V',
      password: 'pw-1234567',
      roles: [],
    })
  ).id;
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

describe('the DCAT-AP writers', () => {
  it('write JSON-LD that is the same graph as the generic jsonld conversion, and Turtle and RDF/XML of the same triples', async () => {
    const slices = await slicesOf(
      await getCatalogPage({
        db: database.db,
        catalogUrl: CATALOG_URL,
        offerPageUrl: (id) => `https://marketplace.example/offer/details/${id}`,
        viewer: { userId, db: database.db },
        page: 1,
        pageSize: 1000,
      }),
    );
    expect(slices.length).toBeGreaterThan(5);
    const quads = slices.flat();
    const expected = await canonical(quads);
    expect(expected).toContain('<http://www.w3.org/2006/vcard/ns#hasEmail> <mailto:q+x@ex.org>');
    expect(expected).toContain('"Tide \\"tables\\" <2024> & more \\\\ back\\nslash\\r\\nline\\ttab 🌊 Ünïcødé"@de');
    expect(expected).toContain('<https://provider.example.org/a%20path/%7Bx%7D%7Cy%5Ez%60%3Cq%3E%22?q=ä&r=1#frag>');

    const written = await textOf(writeJsonLd(slices));
    const generic = await genericJsonLd(quads);
    expect(await canonical(await fromJsonLd(written))).toEqual(await canonical(await fromJsonLd(generic)));
    expect(await canonical(await fromJsonLd(written))).toEqual(expected);
    expect(await canonical(new TurtleParser().parse(await textOf(writeTurtle(slices))))).toEqual(expected);
    expect(await canonical(await parseRdfXml(await textOf(writeRdfXml(slices))))).toEqual(expected);
  }, 120_000);

  it('write JSON-LD and RDF/XML of an IRI whose scheme is one of the prefixes, a blank node whose label is no XML name, and a foreign datatype', async () => {
    const dataset = namedNode(`${CATALOG_URL}/1`);
    const contact = blankNode('0-not-an-xml-name');
    const graph = [
      [
        quad(dataset, namedNode(`${DCAT_PREFIXES.dcat}landingPage`), namedNode('dct:not-our-namespace')),
        quad(namedNode('dsm:agent'), namedNode(`${DCAT_PREFIXES.foaf}name`), literal('Agent', 'en-GB')),
        quad(dataset, namedNode(`${DCAT_PREFIXES.dcat}contactPoint`), contact),
      ],
      [
        quad(contact, namedNode(`${DCAT_PREFIXES.vcard}fn`), literal('Contact')),
        quad(dataset, namedNode(`${DCAT_PREFIXES.dct}title`), literal('x', namedNode('http://example.org/type#t'))),
      ],
    ];
    const expected = await canonical(graph.flat());
    expect(await canonical(await fromJsonLd(await textOf(writeJsonLd(graph))))).toEqual(expected);
    expect(await canonical(await parseRdfXml(await textOf(writeRdfXml(graph))))).toEqual(expected);
  });

  it('write characters XML 1.0 cannot carry as U+FFFD in RDF/XML instead of a document no parser reads', async () => {
    const graph = [
      [
        quad(
          namedNode(`${CATALOG_URL}/1`),
          namedNode(`${DCAT_PREFIXES.dct}title`),
          literal('Bell\u0007 and \ud800 alone'),
        ),
      ],
    ];
    const [parsed] = await parseRdfXml(await textOf(writeRdfXml(graph)));
    expect(parsed?.object.value).toBe('Bell\ufffd and \ufffd alone');
  });
});
