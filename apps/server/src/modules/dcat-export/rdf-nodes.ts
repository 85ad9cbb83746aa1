import type { Quad, Quad_Object, Quad_Subject } from 'n3';
import { NS } from '../harvest/dcat-vocabulary';

/** Prefixes of the Turtle and RDF/XML output and terms of the JSON-LD context. */
export const DCAT_PREFIXES = {
  dcat: NS.dcat,
  dct: NS.dct,
  foaf: NS.foaf,
  vcard: NS.vcard,
  hydra: NS.hydra,
  xsd: NS.xsd,
  dsm: NS.dsm,
} as const;

export const RDF_TYPE = `${NS.rdf}type`;
export const XSD_STRING = `${NS.xsd}string`;

/** The statements about one subject: its objects by predicate IRI, each distinct object once. */
export type TRdfNode = { subject: Quad_Subject; properties: Map<string, Quad_Object[]> };

/**
 * Groups triples by subject, subjects and predicates in the order they first appear. A repeated triple
 * is kept once, as a graph holds it once.
 */
export function nodesOf(quads: readonly Quad[]): TRdfNode[] {
  const nodes = new Map<string, TRdfNode>();
  for (const { subject, predicate, object } of quads) {
    const subjectId = subject.termType === 'BlankNode' ? `_:${subject.value}` : subject.value;
    let node = nodes.get(subjectId);
    if (!node) {
      node = { subject, properties: new Map() };
      nodes.set(subjectId, node);
    }
    const objects = node.properties.get(predicate.value);
    if (!objects) node.properties.set(predicate.value, [object]);
    // A subject has a handful of objects per predicate: comparing them is cheaper than keying long literals.
    else if (!objects.some((other) => other.equals(object))) objects.push(object);
  }
  return [...nodes.values()];
}
