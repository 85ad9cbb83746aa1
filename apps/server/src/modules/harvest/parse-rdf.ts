import { Readable } from 'node:stream';
import jsonld from 'jsonld';
import { Parser, type Quad, Store } from 'n3';
import { RdfXmlParser } from 'rdfxml-streaming-parser';
import { harvestFetch } from './harvest-location-policy';

/** The RDF serialisations a DCAT-AP source may use. */
export type TRdfSyntax = 'turtle' | 'rdfxml' | 'jsonld';

const SYNTAX_NAMES: Record<TRdfSyntax, string> = { turtle: 'Turtle', rdfxml: 'RDF/XML', jsonld: 'JSON-LD' };

/**
 * A document that is not valid RDF in its syntax. The parsers' own messages quote the text they stopped at, which
 * would carry a file's or an answer's content into the run's error; this one names the syntax and the line only.
 */
export class RdfSyntaxError extends Error {}

/** A remote JSON-LD context that could not be loaded; the message names the context's address and why. */
class ContextLoadError extends Error {}

/** Remote contexts fetched recently, by address: a catalogue names the same one on every page. */
const contexts = new Map<string, { document: unknown; loadedAt: number }>();
const CONTEXT_TTL_MS = 60 * 60 * 1000;
const MAX_CONTEXTS = 100;
const MAX_CONTEXT_BYTES = 1024 * 1024;

/**
 * Loads the remote contexts a JSON-LD document names through the harvest's outbound address policy. jsonld's own
 * loader would fetch any address a document names, the cloud metadata service included.
 */
async function loadContext(url: string): Promise<{ contextUrl: null; documentUrl: string; document: unknown }> {
  const cached = contexts.get(url);
  if (cached && Date.now() - cached.loadedAt < CONTEXT_TTL_MS)
    return { contextUrl: null, documentUrl: url, document: cached.document };
  if (!/^https?:\/\//i.test(url)) throw new ContextLoadError(`the JSON-LD context ${url} is not an http or https URL`);
  let response: Response;
  try {
    response = await harvestFetch(url, {
      headers: { accept: 'application/ld+json, application/json', 'user-agent': 'dsm-harvester/1.0' },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new ContextLoadError(
      `the JSON-LD context ${url} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new ContextLoadError(`the JSON-LD context ${url} answered HTTP ${response.status}`);
  }
  if (Number(response.headers.get('content-length')) > MAX_CONTEXT_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw new ContextLoadError(`the JSON-LD context ${url} is larger than 1 MB`);
  }
  let document: unknown;
  try {
    document = JSON.parse(await response.text());
  } catch {
    throw new ContextLoadError(`the JSON-LD context ${url} is not JSON`);
  }
  if (contexts.size >= MAX_CONTEXTS) contexts.delete(contexts.keys().next().value!);
  contexts.set(url, { document, loadedAt: Date.now() });
  return { contextUrl: null, documentUrl: url, document };
}

/** The ContextLoadError a jsonld error was caused by, if any (jsonld wraps it in details.cause). */
function contextLoadErrorIn(error: unknown): ContextLoadError | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof ContextLoadError) return current;
    const next = current as { cause?: unknown; details?: { cause?: unknown } };
    current = next.details?.cause ?? next.cause;
  }
  return null;
}

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
    const nquads = (await jsonld.toRDF(JSON.parse(body), {
      format: 'application/n-quads',
      base: baseIri,
      // jsonld's types still describe a loader with a callback; the library calls it with the URL alone.
      documentLoader: loadContext as never,
    })) as string;
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
    const unloaded = contextLoadErrorIn(error);
    if (unloaded) throw new RdfSyntaxError(`${baseIri} cannot be read: ${unloaded.message}`);
    const line = lineOf(error);
    throw new RdfSyntaxError(
      `${baseIri} is not valid ${SYNTAX_NAMES[syntax]}${syntax !== 'jsonld' && line !== null ? ` (line ${line})` : ''}`,
    );
  }
  return store;
}
