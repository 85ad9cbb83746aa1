import jsonld from 'jsonld';
import { type Quad, Writer } from 'n3';
import { graph, parse, serialize } from 'rdflib';
import { NS } from '../harvest/dcat-vocabulary';

/** Prefixes of the Turtle output and terms of the JSON-LD context. */
const PREFIXES = {
  dcat: NS.dcat,
  dct: NS.dct,
  foaf: NS.foaf,
  vcard: NS.vcard,
  hydra: NS.hydra,
  xsd: NS.xsd,
  dsm: NS.dsm,
};

/** Turtle with the DCAT-AP prefixes. */
export function toTurtle(quads: Quad[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const writer = new Writer({ prefixes: PREFIXES });
    writer.addQuads(quads);
    writer.end((error, result: string) => (error ? reject(error) : resolve(result)));
  });
}

function toNQuads(quads: Quad[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const writer = new Writer({ format: 'N-Quads' });
    writer.addQuads(quads);
    writer.end((error, result: string) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * RDF/XML with the DCAT-AP prefixes, written by rdflib (n3 writes no RDF/XML). The quads travel as
 * N-Triples (read by rdflib's Turtle parser, N-Triples being a subset of Turtle), without loss of language
 * tags, datatypes or blank nodes.
 */
export async function toRdfXml(quads: Quad[]): Promise<string> {
  const store = graph();
  for (const [prefix, uri] of Object.entries(PREFIXES)) store.setPrefixForURI(prefix, uri);
  parse(await toNQuads(quads), store, 'urn:dsm:export', 'text/turtle');
  const xml = serialize(null, store, undefined, 'application/rdf+xml');
  if (xml === undefined) throw new Error('rdflib wrote no RDF/XML');
  return xml;
}

/** Compacted JSON-LD with the DCAT-AP prefixes as its context. */
export async function toJsonLd(quads: Quad[]): Promise<object> {
  const nquads = await toNQuads(quads);
  const expanded = await jsonld.fromRDF(nquads, { format: 'application/n-quads', useNativeTypes: false });
  return jsonld.compact(expanded, { '@context': PREFIXES } as never);
}
