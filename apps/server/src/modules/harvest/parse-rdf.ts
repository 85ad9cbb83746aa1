import { Readable } from 'node:stream';
import jsonld from 'jsonld';
import { Parser, type Quad, Store } from 'n3';
import { RdfXmlParser } from 'rdfxml-streaming-parser';

/** The RDF serialisations a DCAT-AP source may use. */
export type TRdfSyntax = 'turtle' | 'rdfxml' | 'jsonld';

const SYNTAX_NAMES: Record<TRdfSyntax, string> = { turtle: 'Turtle', rdfxml: 'RDF/XML', jsonld: 'JSON-LD' };

/**
 * A document that is not valid RDF in its syntax. The parsers' own messages quote the text they stopped at, which
 * would carry a file's or an answer's content into the run's error; this one names the syntax and the line only.
 */
export class RdfSyntaxError extends Error {}

/** The line a parser reported, when it reported one as a number. */
function lineOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const context = (error as { context?: { line?: unknown } }).context;
  if (typeof context?.line === 'number') return context.line;
  // The XML parser (sax) appends the position to its message as "\nLine: 3\nColumn: 7\nChar: x", counted from 0.
  const line = /\nLine: (\d+)\nColumn: \d+\n/.exec(error instanceof Error ? error.message : '')?.[1];
  return line ? Number(line) + 1 : null;
}

async function parseInto(store: Store, body: string, syntax: TRdfSyntax, baseIri: string): Promise<void> {
  if (syntax === 'turtle') {
    store.addQuads(new Parser({ baseIRI: baseIri }).parse(body));
    return;
  }
  if (syntax === 'jsonld') {
    const nquads = (await jsonld.toRDF(JSON.parse(body), { format: 'application/n-quads', base: baseIri })) as string;
    store.addQuads(new Parser({ format: 'N-Quads' }).parse(nquads));
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const parser = new RdfXmlParser({ baseIRI: baseIri });
    parser.on('data', (quad: Quad) => store.addQuad(quad));
    parser.on('error', reject);
    parser.on('end', () => resolve());
    Readable.from([body]).pipe(parser);
  });
}

/**
 * Parses an RDF document into a store of triples; `baseIri` resolves relative IRIs. A document that cannot be
 * parsed throws RdfSyntaxError, which never quotes the document.
 */
export async function parseRdf(body: string, syntax: TRdfSyntax, baseIri: string): Promise<Store> {
  const store = new Store();
  try {
    await parseInto(store, body, syntax, baseIri);
  } catch (error) {
    const line = lineOf(error);
    throw new RdfSyntaxError(
      `${baseIri} is not valid ${SYNTAX_NAMES[syntax]}${syntax !== 'jsonld' && line !== null ? ` (line ${line})` : ''}`,
    );
  }
  return store;
}
