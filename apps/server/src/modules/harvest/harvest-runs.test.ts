import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ZSearchRequest } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { useTemporaryFolder, useTemporarySearchIndex, useTestDatabase } from '../../test/lifecycle';
import { loadOfferDocuments } from '../catalogue/offer-documents';
import { searchOffers } from '../search/http/search-offers';
import { addSource } from './add-source';
import { emptyHarvestCounts } from './harvest-counts';
import { configureHarvestLocations } from './harvest-location-policy';
import { findLinkedRecords } from './harvest-repository';
import { runHarvest } from './run-harvest';

// Harvested as the command line does: files anywhere and the local test server's address.
configureHarvestLocations({ allowedHosts: ['127.0.0.1'], files: 'anywhere' });

const database = useTestDatabase();
const searchIndex = useTemporarySearchIndex(database);
const folder = useTemporaryFolder('dsm-harvest-');

const ckan = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  title,
  notes: `About ${title}`,
  license_id: 'cc-by',
  metadata_created: '2023',
  metadata_modified: 'R/P1D',
  tags: [{ name: 'alpha' }],
  groups: [{ name: 'transportation' }],
  organization: { id: 'org-1', title: 'Example Org' },
  resources: [{ name: 'CSV', format: 'CSV', url: `https://data.example.org/${id}.csv`, size: '12' }],
  ...extra,
});

const jsonl = (records: unknown[]): string => records.map((record) => JSON.stringify(record)).join('\n');

async function titlesFound(text: string): Promise<string[]> {
  const result = await searchOffers({
    db: database.db,
    searchIndex,
    query: text,
    request: ZSearchRequest.parse({ index: 0, pageSize: 100 }),
  });
  return result.data.map((offer) => offer.title);
}

async function offerOf(sourceName: string, identifier: string) {
  const [record] = (await findLinkedRecords(database.db, identifier)).filter((row) => row.sourceName === sourceName);
  const [offer] = await loadOfferDocuments(database.db, [record!.offerId]);
  return offer!;
}

describe('harvest runs', () => {
  it('updates a changed record, keeps the unchanged, soft-deletes a removed one, skips bad and duplicate records', async () => {
    const file = path.join(folder.path, 'portal.jsonl');
    await writeFile(
      file,
      [
        jsonl([ckan('a', 'Tramway timetable'), ckan('b', 'Bicycle counters'), ckan('c', 'Canal water levels')]),
        'this line is not JSON',
        JSON.stringify({ id: 'no-title' }),
        // Identifier and content repeated: one record.
        JSON.stringify(ckan('a', 'Tramway timetable')),
      ].join('\n'),
    );
    await addSource(database.db, { name: 'portal', location: file, format: 'ckan-jsonl' });
    const first = await runHarvest({ db: database.db, source: 'portal' });
    expect(first.counts).toEqual({ ...emptyHarvestCounts(), created: 3, failed: 2, duplicates: 1 });

    const tramway = await offerOf('portal', 'a');
    expect(tramway.title).toBe('Tramway timetable');
    expect(tramway.categories).toEqual(['TRANSPORT']);
    expect(tramway.paymentModel).toBe('FREE_OF_CHARGE');
    // '2023' is read as the year's first day; 'R/P1D' is no date and leaves the field empty.
    expect(tramway.datasets[0]!['dcterms:issued']).toBe('2023-01-01T00:00:00.000Z');
    expect(tramway.datasets[0]!['dcterms:modified']).toBeNull();
    expect(tramway.datasets[0]!['dcat:distribution'][0]!['dcterms:license']).toBe('CC-BY-4.0');

    await writeFile(file, jsonl([ckan('a', 'Tramway timetable 2024'), ckan('b', 'Bicycle counters')]));
    const second = await runHarvest({ db: database.db, source: 'portal' });
    expect(second.counts).toEqual({ ...emptyHarvestCounts(), updated: 1, unchanged: 1, removed: 1 });
    const updated = await offerOf('portal', 'a');
    expect(updated['@id']).toBe(tramway['@id']);
    expect(updated.title).toBe('Tramway timetable 2024');
    expect(await titlesFound('canal')).toEqual([]);
    expect(await titlesFound('tramway')).toEqual(['Tramway timetable 2024']);

    // A record back in the source comes back under its old offer.
    await writeFile(
      file,
      jsonl([ckan('a', 'Tramway timetable 2024'), ckan('b', 'Bicycle counters'), ckan('c', 'Canal water levels')]),
    );
    const third = await runHarvest({ db: database.db, source: 'portal' });
    expect(third.counts).toMatchObject({ created: 0, updated: 1, unchanged: 2, removed: 0 });
    expect(await titlesFound('canal')).toEqual(['Canal water levels']);
  });

  it('keeps the same identifier from two sources apart and linked', async () => {
    const one = path.join(folder.path, 'one.jsonl');
    const two = path.join(folder.path, 'two.jsonl');
    await writeFile(one, jsonl([ckan('shared-id', 'Harbour cranes')]));
    await writeFile(two, jsonl([ckan('shared-id', 'Harbour cranes (mirror)')]));
    await addSource(database.db, { name: 'one', location: one, format: 'ckan-jsonl' });
    await addSource(database.db, { name: 'two', location: two, format: 'ckan-jsonl' });
    await runHarvest({ db: database.db, source: 'one' });
    await runHarvest({ db: database.db, source: 'two' });
    const linked = await findLinkedRecords(database.db, 'shared-id');
    expect(linked.map((row) => row.sourceName)).toEqual(['one', 'two']);
    expect(new Set(linked.map((row) => row.offerId)).size).toBe(2);
    expect((await titlesFound('harbour')).sort()).toEqual(['Harbour cranes', 'Harbour cranes (mirror)']);
  });

  it('finds Chinese words in any field by their character pairs, title matches first, other text as before', async () => {
    const file = path.join(folder.path, 'wetlands.jsonl');
    await writeFile(
      file,
      jsonl([
        ckan('wetland-d', 'Survey of the lagoon', { notes: '本計畫記錄濕地鳥類的分布' }),
        ckan('wetland-k', 'Survey of the marsh', { tags: [{ name: '濕地鳥類' }] }),
        ckan('wetland-t', '濕地鳥類調查'),
        ckan('wetland-e', 'Wetland birds counted', { notes: 'Counts of herons' }),
      ]),
    );
    await addSource(database.db, { name: 'wetlands', location: file, format: 'ckan-jsonl' });
    await runHarvest({ db: database.db, source: 'wetlands' });
    expect(await titlesFound('濕地鳥類')).toEqual(['濕地鳥類調查', 'Survey of the marsh', 'Survey of the lagoon']);
    expect(await titlesFound('鳥類')).toEqual(['濕地鳥類調查', 'Survey of the marsh', 'Survey of the lagoon']);
    expect(await titlesFound('herons')).toEqual(['Wetland birds counted']);
  });

  it('pages through a CKAN API, retries a 500 and resumes an interrupted run', async () => {
    const packages = Array.from({ length: 7 }, (_, i) => ckan(`pkg-${i}`, `Weather station ${i}`));
    let failuresLeft = 1;
    let isDown = false;
    const requests: string[] = [];
    const server: Server = createServer((request, response) => {
      const url = new URL(request.url!, 'http://localhost');
      requests.push(`${url.pathname}?start=${url.searchParams.get('start')}&rows=${url.searchParams.get('rows')}`);
      const start = Number(url.searchParams.get('start'));
      if (isDown && start >= 3) {
        response.writeHead(503).end('down');
        return;
      }
      if (start === 3 && failuresLeft > 0) {
        failuresLeft--;
        response.writeHead(500).end('oops');
        return;
      }
      const rows = Number(url.searchParams.get('rows'));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          success: true,
          result: { count: packages.length, results: packages.slice(start, start + rows) },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await addSource(database.db, { name: 'ckan-api', location: base, format: 'ckan-api' });
      const retries: string[] = [];
      const run = await runHarvest({
        db: database.db,
        source: 'ckan-api',
        pageSize: 3,
        retry: { baseDelayMs: 5 },
        onEvent: (event) => {
          if (event.event === 'retry') retries.push(event.reason);
        },
      });
      expect(run.counts).toMatchObject({ created: 7, failed: 0 });
      expect(retries).toEqual(['HTTP 500']);
      expect(requests).toEqual([
        '/api/3/action/package_search?start=0&rows=3',
        '/api/3/action/package_search?start=3&rows=3',
        '/api/3/action/package_search?start=3&rows=3',
        '/api/3/action/package_search?start=6&rows=3',
      ]);

      // The portal goes down after the first page: the run fails, keeping its place; the next one resumes.
      packages.push(ckan('pkg-7', 'Weather station 7'));
      isDown = true;
      const broken = await runHarvest({
        db: database.db,
        source: 'ckan-api',
        pageSize: 3,
        retry: { retries: 1, baseDelayMs: 5 },
      });
      expect(broken.status).toBe('failed');
      expect(broken.error).toMatch(/503/);
      expect(await titlesFound('station')).toHaveLength(7);
      isDown = false;
      requests.length = 0;
      const resumed = await runHarvest({ db: database.db, source: 'ckan-api', pageSize: 3, retry: { baseDelayMs: 5 } });
      expect(resumed).toMatchObject({ status: 'succeeded', isResumed: true, runId: broken.runId });
      expect(requests[0]).toBe('/api/3/action/package_search?start=3&rows=3');
      expect(resumed.counts).toEqual({ ...emptyHarvestCounts(), created: 1, unchanged: 7 });
    } finally {
      server.close();
    }
  });
});
