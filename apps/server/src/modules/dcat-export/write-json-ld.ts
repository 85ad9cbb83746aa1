import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Quad_Object } from 'n3';
import type { TDcatGraph } from './dcat-graph';
import { DCAT_PREFIXES, nodesOf, RDF_TYPE, type TRdfNode, XSD_STRING } from './rdf-nodes';

const PREFIX_ENTRIES = Object.entries(DCAT_PREFIXES);
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/**
 * An IRI as the compaction of `jsonld` writes it with our context: the shortest (then alphabetically first)
 * `prefix:suffix` of a namespace it starts with, else the IRI itself. A suffix starting with `//` stays an
 * IRI, since JSON-LD reads `prefix://...` as an absolute IRI.
 */
function compactIri(iri: string): string {
  let choice: string | null = null;
  for (const [prefix, namespace] of PREFIX_ENTRIES) {
    if (iri.length <= namespace.length || !iri.startsWith(namespace)) continue;
    const suffix = iri.slice(namespace.length);
    if (suffix.startsWith('//')) continue;
    const curie = `${prefix}:${suffix}`;
    if (choice === null || curie.length < choice.length || (curie.length === choice.length && curie < choice))
      choice = curie;
  }
  return choice ?? iri;
}

/**
 * Whether an IRI our context would misread: one whose scheme is one of its prefixes (`dct:x`) and which is
 * no `prefix:suffix` of ours, so JSON-LD would expand it into our namespace. `jsonld` refuses such an IRI;
 * the writer writes its node without the context instead.
 */
function isConfusable(iri: string): boolean {
  const scheme = SCHEME.exec(iri)?.[1];
  return scheme !== undefined && scheme in DCAT_PREFIXES && compactIri(iri) === iri;
}

type TJsonValue = string | { '@id': string } | { '@value': string; '@language'?: string; '@type'?: string };

function presentObject(object: Quad_Object, compact: (iri: string) => string): TJsonValue {
  if (object.termType === 'NamedNode') return { '@id': compact(object.value) };
  if (object.termType === 'BlankNode') return { '@id': `_:${object.value}` };
  if (object.termType !== 'Literal') throw new Error(`No JSON-LD for a ${object.termType} object`);
  if (object.language) return { '@language': object.language, '@value': object.value };
  if (object.datatype.value === XSD_STRING) return object.value;
  return { '@type': compact(object.datatype.value), '@value': object.value };
}

/**
 * One node object in the shape `jsonld`'s fromRDF and compaction give it: `@id`, `@type`, then the
 * properties by IRI, a single value unwrapped from its array. A node naming an IRI the context would
 * misread is written with full IRIs under `"@context": null`.
 */
function presentNode({ subject, properties }: TRdfNode): Record<string, unknown> {
  const iris = [subject.termType === 'NamedNode' ? subject.value : ''];
  for (const objects of properties.values())
    for (const object of objects) if (object.termType === 'NamedNode') iris.push(object.value);
  const isPlain = iris.some(isConfusable);
  const compact = isPlain ? (iri: string) => iri : compactIri;
  const node: Record<string, unknown> = isPlain ? { '@context': null } : {};
  node['@id'] = subject.termType === 'BlankNode' ? `_:${subject.value}` : compact(subject.value);
  const types = (properties.get(RDF_TYPE) ?? []).filter((object) => object.termType !== 'Literal');
  if (types.length > 0) {
    const names = types.map((type) => (type.termType === 'BlankNode' ? `_:${type.value}` : compact(type.value)));
    node['@type'] = names.length === 1 ? names[0] : names;
  }
  for (const predicate of [...properties.keys()].sort()) {
    const objects = properties
      .get(predicate)!
      .filter((object) => predicate !== RDF_TYPE || object.termType === 'Literal');
    if (objects.length === 0) continue;
    const values = objects.map((object) => presentObject(object, compact));
    node[compact(predicate)] = values.length === 1 ? values[0] : values;
  }
  return node;
}

/**
 * Compacted JSON-LD with the DCAT-AP prefixes as its context, written slice by slice straight from the
 * triples (`jsonld`'s generic fromRDF and compaction took 40 s for a page of 1,000 offers on the main thread).
 * Every subject is one node object of `@graph`; a node repeated word for word in a later slice (a publisher
 * of several offers) is left out.
 */
export async function* writeJsonLd(graph: TDcatGraph): AsyncGenerator<string> {
  yield `{"@context":${JSON.stringify(DCAT_PREFIXES)},"@graph":[`;
  const written = new Set<string>();
  for await (const quads of graph) {
    let text = '';
    for (const node of nodesOf(quads)) {
      const json = JSON.stringify(presentNode(node));
      if (written.has(json)) continue;
      text += `${written.size === 0 ? '' : ','}${json}`;
      written.add(json);
    }
    yield text;
    await nextTurn();
  }
  yield ']}';
}
