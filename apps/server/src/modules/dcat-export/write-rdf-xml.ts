import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Quad_Object, Quad_Subject } from 'n3';
import { NS } from '../harvest/dcat-vocabulary';
import type { TDcatGraph } from './dcat-graph';
import { DCAT_PREFIXES, nodesOf, XSD_STRING } from './rdf-nodes';

const NAMESPACES: Record<string, string> = { rdf: NS.rdf, ...DCAT_PREFIXES };
const NAMESPACE_ENTRIES = Object.entries(NAMESPACES);
/** The ASCII part of an XML name without colon: all a predicate's local name needs here. */
const NC_NAME = /^[A-Za-z_][\w.-]*$/;
/** Characters XML 1.0 cannot carry, not even as character references. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = {
  ...TEXT_ESCAPES,
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
};

// A parser turns a raw carriage return into a line feed, and raw white space in attributes into spaces.
const text = (value: string) => value.replace(NOT_XML, '\uFFFD').replace(/[&<>\r]/g, (char) => TEXT_ESCAPES[char]!);
const attribute = (value: string) =>
  value.replace(NOT_XML, '\uFFFD').replace(/[&<>"\t\n\r]/g, (char) => ATTRIBUTE_ESCAPES[char]!);

/** The element name of a predicate: `prefix:local` of a known namespace, else one declared on the element. */
function elementName(predicate: string): { name: string; declaration: string } {
  for (const [prefix, namespace] of NAMESPACE_ENTRIES) {
    const local = predicate.slice(namespace.length);
    if (predicate.startsWith(namespace) && NC_NAME.test(local)) return { name: `${prefix}:${local}`, declaration: '' };
  }
  const split = /[^#/:]*$/.exec(predicate)!;
  if (!NC_NAME.test(split[0])) throw new Error(`RDF/XML cannot name the predicate ${predicate}`);
  return {
    name: `ns0:${split[0]}`,
    declaration: ` xmlns:ns0="${attribute(predicate.slice(0, split.index))}"`,
  };
}

/**
 * RDF/XML with the DCAT-AP prefixes, slice by slice: every subject an `rdf:Description` of its own, blank
 * nodes named by `rdf:nodeID` (rdflib wrote the same graph in 1.6 s for a page of 1,000 offers). Characters
 * XML 1.0 cannot carry at all (most control characters, unpaired surrogates) become U+FFFD.
 */
export async function* writeRdfXml(graph: TDcatGraph): AsyncGenerator<string> {
  const names = new Map<string, { name: string; declaration: string }>();
  const nodeIds = new Map<string, string>();
  // Blank node labels need not be XML names; the document numbers them instead.
  const nodeId = (label: string) => {
    let id = nodeIds.get(label);
    if (id === undefined) {
      id = `b${nodeIds.size}`;
      nodeIds.set(label, id);
    }
    return id;
  };
  const reference = (term: Quad_Subject | Quad_Object) =>
    term.termType === 'BlankNode' ? `rdf:nodeID="${nodeId(term.value)}"` : `rdf:resource="${attribute(term.value)}"`;
  const namespaces = Object.entries(NAMESPACES)
    .map(([prefix, namespace]) => `\n    xmlns:${prefix}="${namespace}"`)
    .join('');
  yield `<?xml version="1.0" encoding="utf-8"?>\n<rdf:RDF${namespaces}>\n`;
  for await (const quads of graph) {
    let xml = '';
    for (const { subject, properties } of nodesOf(quads)) {
      const about =
        subject.termType === 'BlankNode'
          ? `rdf:nodeID="${nodeId(subject.value)}"`
          : `rdf:about="${attribute(subject.value)}"`;
      xml += `  <rdf:Description ${about}>\n`;
      for (const [predicate, objects] of properties) {
        let element = names.get(predicate);
        if (!element) {
          element = elementName(predicate);
          names.set(predicate, element);
        }
        const { name, declaration } = element;
        for (const object of objects) {
          if (object.termType !== 'Literal') {
            xml += `    <${name}${declaration} ${reference(object)}/>\n`;
            continue;
          }
          const qualifier = object.language
            ? ` xml:lang="${attribute(object.language)}"`
            : object.datatype.value === XSD_STRING
              ? ''
              : ` rdf:datatype="${attribute(object.datatype.value)}"`;
          xml += `    <${name}${declaration}${qualifier}>${text(object.value)}</${name}>\n`;
        }
      }
      xml += '  </rdf:Description>\n';
    }
    yield xml;
    await nextTurn();
  }
  yield '</rdf:RDF>\n';
}
