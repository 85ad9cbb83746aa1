import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createGunzip } from 'node:zlib';
import type { THarvestFormat } from '@dsm/contracts';
import { fetchWithRetry, type TRetryOptions } from './fetch-with-retry';
import { filePathOf, isUrlLocation, openHarvestFile } from './harvest-location-policy';
import { HarvestRecordError, type THarvestedDataset, type TSourceItem } from './harvested-dataset';
import { mapCkanPackage } from './map-ckan-package';
import { mapDcatUsDataset } from './map-dcat-us-dataset';
import type { TRdfSyntax } from './parse-rdf';
import { readRdfPageOnThread, type TRdfPageEnd } from './read-rdf-page-on-thread';
import { splitJsonArray } from './split-json-array';
import { splitLines } from './split-lines';

export type TReadSourceOptions = {
  format: THarvestFormat;
  /** An http(s) URL or a file path. */
  location: string;
  /** Records already processed by an interrupted run: skipped without mapping. */
  skip?: number;
  /** Packages per `package_search` page (CKAN API). */
  pageSize?: number;
  retry?: TRetryOptions;
};

const isUrl = isUrlLocation;

function mapped(map: (raw: unknown) => THarvestedDataset, raw: unknown): TSourceItem {
  try {
    return { dataset: map(raw) };
  } catch (error) {
    const identifier =
      typeof raw === 'object' && raw !== null
        ? String(
            (raw as { id?: unknown; identifier?: unknown }).id ?? (raw as { identifier?: unknown }).identifier ?? '',
          ) || null
        : null;
    if (error instanceof HarvestRecordError) return { failure: error.message, identifier };
    return { failure: `unreadable record: ${error instanceof Error ? error.message : String(error)}`, identifier };
  }
}

/** The bytes of a file or URL as a stream, gunzipped when they start with the gzip magic bytes. */
async function openStream(location: string, retry: TRetryOptions | undefined): Promise<Readable> {
  const raw = isUrl(location)
    ? Readable.fromWeb((await fetchWithRetry(location, retry)).body as import('node:stream/web').ReadableStream)
    : (await openHarvestFile(location)).createReadStream();
  const iterator = raw[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head: Buffer = first.done ? Buffer.alloc(0) : Buffer.from(first.value as Buffer);
  async function* rest() {
    if (head.length > 0) yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  }
  const stream = Readable.from(rest(), { objectMode: false });
  return head[0] === 0x1f && head[1] === 0x8b ? stream.pipe(createGunzip()) : stream;
}

async function readFileAt(location: string): Promise<Buffer> {
  const handle = await openHarvestFile(location);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** The bytes of a page as read, gzipped or not: they are unzipped and decoded where the page is parsed. */
async function readBytes(location: string, retry: TRetryOptions | undefined, accept: string): Promise<Uint8Array> {
  return isUrl(location)
    ? new Uint8Array(await (await fetchWithRetry(location, { ...retry, headers: { accept } })).arrayBuffer())
    : await readFileAt(location);
}

async function* readCkanLines(options: TReadSourceOptions): AsyncGenerator<TSourceItem> {
  let index = 0;
  for await (const line of splitLines(await openStream(options.location, options.retry))) {
    if (line.trim().length === 0) continue;
    if (index++ < (options.skip ?? 0)) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      yield { failure: `line ${index} is not JSON`, identifier: null };
      continue;
    }
    yield mapped(mapCkanPackage, raw);
  }
}

/**
 * Streams the datasets of a data.json: `{ dataset: [...] }` (1.1) or a bare array (older Socrata). An element
 * that is not JSON is a failed record, named by its place and byte; it counts towards the resume point.
 */
async function* readDcatUs(options: TReadSourceOptions): AsyncGenerator<TSourceItem> {
  const input = await openStream(options.location, options.retry);
  let index = 0;
  for await (const element of splitJsonArray(input, 'dataset')) {
    if (index++ < (options.skip ?? 0)) continue;
    yield element.isValid
      ? mapped(mapDcatUsDataset, element.value)
      : {
          failure: `element ${element.index}, at byte ${element.byteOffset}, is not JSON: ${element.reason}`,
          identifier: null,
        };
  }
}

/** Pages through `package_search`, sorted by id so pages stay stable while the portal changes. */
async function* readCkanApi(options: TReadSourceOptions): AsyncGenerator<TSourceItem> {
  const base = options.location.replace(/\/+$/, '');
  const endpoint = /\/package_search$/.test(base)
    ? base
    : `${base.replace(/\/api\/3\/action$/, '')}/api/3/action/package_search`;
  const rows = options.pageSize ?? 500;
  let start = options.skip ?? 0;
  for (;;) {
    const url = new URL(endpoint);
    url.searchParams.set('rows', String(rows));
    url.searchParams.set('start', String(start));
    url.searchParams.set('sort', 'id asc');
    const response = await fetchWithRetry(url.toString(), options.retry);
    let body: { success?: boolean; result?: { count?: number; results?: unknown[] } };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // JSON.parse quotes the text it stopped at: the answer must not reach the run's error.
      throw new Error(`${url} did not answer JSON`);
    }
    if (!body.success || !Array.isArray(body.result?.results))
      throw new Error(`${url} did not answer a package_search result`);
    for (const raw of body.result.results) yield mapped(mapCkanPackage, raw);
    start += body.result.results.length;
    if (body.result.results.length === 0 || start >= (body.result.count ?? 0)) return;
  }
}

const RDF_SYNTAX: Record<string, { syntax: TRdfSyntax; accept: string }> = {
  'dcat-turtle': { syntax: 'turtle', accept: 'text/turtle' },
  'dcat-rdfxml': { syntax: 'rdfxml', accept: 'application/rdf+xml' },
  'dcat-jsonld': { syntax: 'jsonld', accept: 'application/ld+json' },
};

/**
 * Reads a DCAT-AP catalogue page by page, following hydra `next` links. Each page is fetched here, under the
 * harvest's address policy, and parsed and mapped on a harvest thread.
 */
async function* readDcatRdf(options: TReadSourceOptions): AsyncGenerator<TSourceItem> {
  const { syntax, accept } = RDF_SYNTAX[options.format]!;
  let location: string | null = options.location;
  const visited = new Set<string>();
  /** Datasets of the pages before this one. */
  let index = 0;
  while (location && !visited.has(location)) {
    visited.add(location);
    const baseIri: string = isUrl(location) ? location : pathToFileURL(filePathOf(location)).toString();
    const bytes = await readBytes(location, options.retry, accept);
    const page: TRdfPageEnd = yield* readRdfPageOnThread({
      bytes,
      syntax,
      baseIri,
      skip: Math.max(0, (options.skip ?? 0) - index),
    });
    index += page.datasets;
    location = page.next && isUrl(page.next) ? page.next : null;
  }
}

/**
 * The records of a source in a stable order, one at a time: files and responses are streamed
 * (JSON lines and data.json never load whole), RDF pages are parsed one page at a time. A record that
 * cannot be mapped comes out as a failure; a source that cannot be read throws.
 */
export function readSource(options: TReadSourceOptions): AsyncGenerator<TSourceItem> {
  switch (options.format) {
    case 'ckan-jsonl':
      return readCkanLines(options);
    case 'dcat-us':
      return readDcatUs(options);
    case 'ckan-api':
      return readCkanApi(options);
    default:
      return readDcatRdf(options);
  }
}
