import type { Quad } from 'n3';
import { RdfXmlParser } from 'rdfxml-streaming-parser';

/** The triples of an RDF/XML document, read as an outside consumer of the export would read them. */
export function parseRdfXml(text: string): Promise<Quad[]> {
  return new Promise((resolve, reject) => {
    const quads: Quad[] = [];
    const parser = new RdfXmlParser();
    parser.on('data', (quad: Quad) => quads.push(quad));
    parser.on('error', reject);
    parser.on('end', () => resolve(quads));
    parser.end(text);
  });
}
