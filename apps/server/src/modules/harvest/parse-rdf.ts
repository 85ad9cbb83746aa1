import type { Transform } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import jsonld from 'jsonld';
import { type Quad, Store, StreamParser } from 'n3';
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
 * Loads a remote context a JSON-LD document names, through the harvest's outbound address policy: jsonld's own
 * loader would fetch any address a document names, the cloud metadata service included. Runs where the policy is
 * configured (the main thread); a page parsed on a thread asks the main thread for its contexts. Rejects with a
 * message naming the context's address and why.
 */
export async function loadJsonLdContext(url: string): Promise<unknown> {
  const cached = contexts.get(url);
  if (cached && Date.now() - cached.loadedAt < CONTEXT_TTL_MS) return cached.document;
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
  return document;
}

/** Loads the JSON-LD context at an address: its document, or a rejection whose message names the address and why. */
export type TLoadContext = (url: string) => Promise<unknown>;

/** A loader as jsonld calls it; whatever the given loader fails with becomes a ContextLoadError. */
const documentLoaderOf =
  (loadContext: TLoadContext) =>
  async (url: string): Promise<{ contextUrl: null; documentUrl: string; document: unknown }> => {
    try {
      return { contextUrl: null, documentUrl: url, document: await loadContext(url) };
    } catch (error) {
      if (error instanceof ContextLoadError) throw error;
      throw new ContextLoadError(error instanceof Error ? error.message : String(error));
    }
  };

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

/**
 * Characters of a document a parser is given at a time. A large harvest page (tens of megabytes) parsed at once
 * would hold the event loop, which every request and job of the server shares, for seconds; a slice of this
 * size parses in a few milliseconds, and the loop runs between slices.
 */
const SLICE_CHARS = 16 * 1024;

/**
 * Writes `text` to a streaming parser a slice at a time, letting the event loop run between slices, and
 * resolves when the parser has ended; rejects with the parser's error. The parser's 'data' handler must
 * already be attached (it takes every quad as it comes, so nothing piles up behind the writes).
 */
async function parseInSlices(parser: Transform, text: string): Promise<void> {
  const ended = new Promise<void>((resolve, reject) => {
    parser.on('error', reject);
    parser.on('end', () => resolve());
  });
  // The promise is awaited at the end; a parser failing earlier must not count as unhandled meanwhile.
  ended.catch(() => {});
  let failed = false;
  parser.once('error', () => {
    failed = true;
  });
  for (let start = 0; start < text.length && !failed; start += SLICE_CHARS) {
    parser.write(text.slice(start, start + SLICE_CHARS));
    await setImmediate();
  }
  if (!failed) parser.end();
  await ended;
}

async function parseInto(
  store: Store,
  body: string,
  syntax: TRdfSyntax,
  baseIri: string,
  loadContext: TLoadContext,
): Promise<void> {
  const take = (quad: Quad) => store.addQuad(quad);
  if (syntax === 'jsonld') {
    const nquads = (await jsonld.toRDF(JSON.parse(body), {
      format: 'application/n-quads',
      base: baseIri,
      // jsonld's types still describe a loader with a callback; the library calls it with the URL alone.
      documentLoader: documentLoaderOf(loadContext) as never,
    })) as string;
    const parser = new StreamParser({ format: 'N-Quads' });
    parser.on('data', take);
    await parseInSlices(parser, nquads);
    return;
  }
  const parser = syntax === 'turtle' ? new StreamParser({ baseIRI: baseIri }) : new RdfXmlParser({ baseIRI: baseIri });
  parser.on('data', take);
  await parseInSlices(parser, body);
}

/**
 * Parses an RDF document into a store of triples; `baseIri` resolves relative IRIs, `loadContext` the remote
 * contexts of a JSON-LD document (by default through the harvest's address policy, on this thread). A document
 * that cannot be parsed throws RdfSyntaxError, which never quotes the document.
 */
export async function parseRdf(
  body: string,
  syntax: TRdfSyntax,
  baseIri: string,
  loadContext: TLoadContext = loadJsonLdContext,
): Promise<Store> {
  const store = new Store();
  try {
    await parseInto(store, body, syntax, baseIri, loadContext);
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
