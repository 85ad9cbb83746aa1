import { Readable } from 'node:stream';
import jsonld from 'jsonld';
import { Parser, type Quad, Store } from 'n3';
import { RdfXmlParser } from 'rdfxml-streaming-parser';

/** The RDF serialisations a DCAT-AP source may use. */
export type TRdfSyntax = 'turtle' | 'rdfxml' | 'jsonld';

/** Parses an RDF document into a store of triples; `baseIri` resolves relative IRIs. */
export async function parseRdf(body: string, syntax: TRdfSyntax, baseIri: string): Promise<Store> {
  const store = new Store();
  if (syntax === 'turtle') {
    store.addQuads(new Parser({ baseIRI: baseIri }).parse(body));
    return store;
  }
  if (syntax === 'jsonld') {
    const nquads = (await jsonld.toRDF(JSON.parse(body), { format: 'application/n-quads', base: baseIri })) as string;
    store.addQuads(new Parser({ format: 'N-Quads' }).parse(nquads));
    return store;
  }
  await new Promise<void>((resolve, reject) => {
    const parser = new RdfXmlParser({ baseIRI: baseIri });
    parser.on('data', (quad: Quad) => store.addQuad(quad));
    parser.on('error', reject);
    parser.on('end', () => resolve());
    Readable.from([body]).pipe(parser);
  });
  return store;
}
