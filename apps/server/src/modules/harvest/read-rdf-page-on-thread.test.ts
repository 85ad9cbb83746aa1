import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { TSourceItem } from './harvested-dataset';
import { datasetSubjects, mapDcatDataset } from './map-dcat-graph';
import { parseRdf } from './parse-rdf';
import { pagesReadOnThreads, readRdfPageOnThread, type TRdfPageEnd } from './read-rdf-page-on-thread';
import { storable } from './storable-text';
import { contentHash } from './to-offer-record';

/**
 * A harvest page of thousands of datasets parsed and mapped on the main thread held the event loop, which every
 * request shares, for about a hundred milliseconds at a time, mostly in collecting the garbage of its 65,000
 * triples (docs/performance.md, handler stalls). Pages are now read on a harvest thread and come back as plain
 * records in chunks; the tests count the pages the threads read and compare the records with a page mapped here.
 */

const DATASETS = 1200;

function turtlePage(count = DATASETS, next?: string): string {
  const lines = [
    '@prefix dcat: <http://www.w3.org/ns/dcat#> .',
    '@prefix dct: <http://purl.org/dc/terms/> .',
    '@prefix hydra: <http://www.w3.org/ns/hydra/core#> .',
    '<https://p.example/catalog> a dcat:Catalog ; dct:publisher [ <http://xmlns.com/foaf/0.1/name> "Landesamt" ] .',
  ];
  if (next) lines.push(`<https://p.example/catalog> hydra:next <${next}> .`);
  for (let i = 0; i < count; i++) {
    lines.push(
      `<https://p.example/d/${String(i).padStart(5, '0')}> a dcat:Dataset ; dct:title "Messstellen ${i}"@de ; dct:identifier "d-${i}" ;`,
      `  dct:modified "2024-03-0${(i % 9) + 1}" ; dcat:keyword "Wasser"@de , "Umwelt"@de .`,
    );
  }
  // A dataset without a title: a failed record, named by its subject.
  lines.push('<https://p.example/d/untitled> a dcat:Dataset ; dct:identifier "untitled" .');
  return lines.join('\n');
}

/** The records of a page as mapping, cleaning and fingerprinting it on this thread gives them. */
async function mappedHere(body: string): Promise<TSourceItem[]> {
  const store = await parseRdf(body, 'turtle', 'https://p.example/');
  return datasetSubjects(store).map((subject) => {
    try {
      const dataset = storable(mapDcatDataset(store, subject));
      return { dataset, hash: contentHash(dataset) };
    } catch (error) {
      return { failure: (error as Error).message, identifier: subject.value };
    }
  });
}

async function readAll(bytes: Uint8Array, skip = 0): Promise<{ items: TSourceItem[]; end: TRdfPageEnd }> {
  const items: TSourceItem[] = [];
  const reading = readRdfPageOnThread({ bytes, syntax: 'turtle', baseIri: 'https://p.example/', skip });
  for (;;) {
    const next = await reading.next();
    if (next.done) return { items, end: next.value };
    items.push(next.value);
  }
}

describe('reading an RDF harvest page on a harvest thread', () => {
  it('parses and maps a large page off the main thread, giving the same records as mapping it here', async () => {
    const body = turtlePage(DATASETS, 'https://p.example/catalog?page=2');
    const before = pagesReadOnThreads();
    const { items, end } = await readAll(Buffer.from(body));
    expect(pagesReadOnThreads()).toBe(before + 1);
    expect(end).toEqual({ datasets: DATASETS + 1, next: 'https://p.example/catalog?page=2' });
    expect(items).toEqual(await mappedHere(body));
    expect(items.filter((item) => 'failure' in item)).toEqual([
      { failure: 'dataset untitled has no dct:title', identifier: 'https://p.example/d/untitled' },
    ]);
  });

  it('reads a gzipped page and skips the datasets an interrupted run already processed', async () => {
    const body = turtlePage(300);
    const { items, end } = await readAll(gzipSync(body), 250);
    expect(end.datasets).toBe(301);
    expect(items).toEqual((await mappedHere(body)).slice(250));
  });

  it('names the line of a syntax error without quoting the page', async () => {
    const body = `${turtlePage(50)}\n<https://p.example/broken> dct:title "unterminated .\n`;
    await expect(readAll(Buffer.from(body))).rejects.toThrow('https://p.example/ is not valid Turtle (line 106)');
  });

  it('ends the thread’s work on a page when the run stops reading it', async () => {
    const before = pagesReadOnThreads();
    const reading = readRdfPageOnThread({
      bytes: Buffer.from(turtlePage()),
      syntax: 'turtle',
      baseIri: 'https://p.example/',
      skip: 0,
    });
    const first = await reading.next();
    expect(first.done).toBe(false);
    await reading.return({ datasets: 0, next: null });
    // The thread is free for the next page: a page read after it completes.
    const { end } = await readAll(Buffer.from(turtlePage(10)));
    expect(end.datasets).toBe(11);
    expect(pagesReadOnThreads()).toBeGreaterThanOrEqual(before + 2);
  });
});
