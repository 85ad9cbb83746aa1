import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TMetadataItem } from '@dsm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth';
import { makeOffer } from '../../test/factories';
import { searchAs } from '../../test/search';
import { request, startTestApp, type TTestApp } from '../../test/test-app';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { insertOffer } from '../catalogue/load-offers';
import type { TOfferRecord } from '../catalogue/offer-record';
import { createLinkChecker, type TLinkChecker } from './link-checker';
import { requestLinkChecks, requestOfferChecks } from './request-link-checks';

const FILE = Buffer.alloc(2048, 'y');

let database: TTestDatabase;
let checker: TLinkChecker;
let testApp: TTestApp;
let auth: Record<string, string>;
let site: http.Server;
let siteUrl: string;
const hits: string[] = [];

const ids = {
  mixed: '10000000-0000-4000-8000-000000000001',
  offlineOnly: '10000000-0000-4000-8000-000000000002',
  unchecked: '10000000-0000-4000-8000-000000000003',
  moved: '10000000-0000-4000-8000-000000000004',
  waiting: '10000000-0000-4000-8000-000000000005',
  harvested: '10000000-0000-4000-8000-000000000006',
};

/** An offer whose distributions point at the given access URLs. */
function offerWithLinks(id: string, title: string, urls: (string | null)[]): TOfferRecord {
  const offer = makeOffer({ id, title, byteSizes: urls.map(() => null) });
  offer.datasets[0]!.distributions = offer.datasets[0]!.distributions.map((distribution, position) => ({
    ...distribution,
    accessUrl: urls[position] ?? null,
  }));
  return offer;
}

const getItem = (id: string) => request<TMetadataItem>(testApp.baseUrl, 'GET', `/api/metadata/${id}`, undefined, auth);

/** Asks for the item until no endpoint is pending any more, as the details page does. */
async function waitForChecks(id: string, timeoutMs = 15_000): Promise<TMetadataItem> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await getItem(id);
    if (!body.endpointChecks.some((check) => check.status === 'pending')) return body;
    if (Date.now() > deadline) throw new Error(`still pending: ${JSON.stringify(body.endpointChecks)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A link checker on the test database that checks at once, never sweeps on its own and polls twice a second. */
const createTestLinkChecker = () =>
  createLinkChecker({
    databaseUrl: database.url,
    db: database.db,
    // Loopback is private; the test server is allowed the way the demo allows its own host.
    settings: { allowedHosts: ['127.0.0.1'], timeoutMs: 2000, hostIntervalMs: 0, recheckHours: 24 },
    sweepCron: null,
    pollingIntervalSeconds: 0.5,
  });

beforeAll(async () => {
  site = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.url === '/data.csv') {
      res.writeHead(200, { 'content-length': FILE.length });
      return void res.end(req.method === 'HEAD' ? undefined : FILE);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

  database = await createTestDatabase();
  checker = createTestLinkChecker();
  await checker.start();
  testApp = await startTestApp({}, { database, linkChecks: checker });
  auth = (await signIn(testApp)).headers;

  for (const offer of [
    offerWithLinks(ids.mixed, 'Mixed endpoints', [`${siteUrl}/data.csv`, `${siteUrl}/gone.csv`, 'N/A']),
    offerWithLinks(ids.offlineOnly, 'Only a broken endpoint', [`${siteUrl}/gone.csv`]),
    offerWithLinks(ids.unchecked, 'Never opened', [`${siteUrl}/data.csv`]),
    offerWithLinks(ids.moved, 'Moved endpoint', [`${siteUrl}/gone.csv`]),
    offerWithLinks(ids.waiting, 'Asked for before the checker ran', [`${siteUrl}/data.csv`]),
  ]) {
    await insertOffer(database.db, offer);
  }
});

afterAll(async () => {
  await testApp?.close();
  await checker?.stop();
  await database?.drop();
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
});

describe('link checker with the details API', () => {
  it('answers Pending first, then Online with the size, Offline for a 404, and nothing to check for N/A', async () => {
    const first = await getItem(ids.mixed);
    expect(first.status).toBe(200);
    expect(first.body.endpointChecks.map((check) => check.status)).toEqual(['pending', 'pending', 'missing']);

    const done = await waitForChecks(ids.mixed);
    const [online, offline, missing] = done.endpointChecks;
    expect(online).toMatchObject({ status: 'online', httpStatus: 200, byteSize: FILE.length, failure: null });
    expect(offline).toMatchObject({ status: 'offline', httpStatus: 404, byteSize: null, failure: 'http-error' });
    expect(missing).toMatchObject({ status: 'missing', checkedAt: null });
    expect(Date.parse(online!.checkedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('checks each endpoint once however often the page asks', async () => {
    await waitForChecks(ids.offlineOnly);
    const before = hits.length;
    await Promise.all([getItem(ids.offlineOnly), getItem(ids.offlineOnly), getItem(ids.offlineOnly)]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(hits.length).toBe(before);
  });

  it('filters search to offers with a working endpoint', async () => {
    await waitForChecks(ids.mixed);
    await waitForChecks(ids.offlineOnly);
    const response = await searchAs(testApp, { headers: auth }, { filter: { hasWorkingEndpoint: true } });
    expect(response.status).toBe(200);
    expect(response.body.data.map((offer) => offer['@id'])).toEqual([ids.mixed]);
    const all = await searchAs(testApp, { headers: auth });
    expect(all.body.total).toBe(5);
  });

  it('checks a changed access URL again', async () => {
    const before = await waitForChecks(ids.moved);
    expect(before.endpointChecks[0]?.status).toBe('offline');
    await database.db
      .updateTable('distributions')
      .set({ access_url: `${siteUrl}/data.csv` })
      .where('id', '=', before.endpointChecks[0]!.distributionId)
      .execute();
    expect((await getItem(ids.moved)).body.endpointChecks[0]?.status).toBe('pending');
    expect((await waitForChecks(ids.moved)).endpointChecks[0]?.status).toBe('online');
  });

  it("keeps search's working-endpoints filter in step with the checks that change an offer's state", async () => {
    const working = async () => {
      const response = await searchAs(testApp, { headers: auth }, { filter: { hasWorkingEndpoint: true } });
      expect(response.status).toBe(200);
      return response.body.data.map((offer) => offer['@id']).sort();
    };
    // The moved endpoint was found online at its new address.
    const before = await waitForChecks(ids.moved);
    expect(await working()).toEqual([ids.mixed, ids.moved].sort());
    // Moved again, to an address that answers 404: no longer working as soon as the old result is set aside,
    // and still not once the new address is checked.
    await database.db
      .updateTable('distributions')
      .set({ access_url: `${siteUrl}/gone-again.csv` })
      .where('id', '=', before.endpointChecks[0]!.distributionId)
      .execute();
    expect((await getItem(ids.moved)).body.endpointChecks[0]?.status).toBe('pending');
    expect(await working()).toEqual([ids.mixed]);
    expect((await waitForChecks(ids.moved)).endpointChecks[0]?.status).toBe('offline');
    expect(await working()).toEqual([ids.mixed]);
  });

  it('re-checks results older than the recheck age when the sweep runs', async () => {
    const checked = await waitForChecks(ids.mixed);
    const distributionId = checked.endpointChecks[0]!.distributionId;
    await sql`
      update link_checks set checked_at = now() - interval '2 days', requested_at = now() - interval '1 hour'
      where distribution_id = ${distributionId}`.execute(database.db);
    const stale = (await getItem(ids.mixed)).body.endpointChecks[0]!;
    // While the new check runs the last result stays visible.
    expect(stale.status).toBe('online');
    expect(await checker.sweep()).toBe(1);
    const deadline = Date.now() + 10_000;
    let latest = stale;
    while (Date.parse(latest.checkedAt ?? '') <= Date.parse(stale.checkedAt ?? '') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      latest = (await getItem(ids.mixed)).body.endpointChecks[0]!;
    }
    expect(Date.parse(latest.checkedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await checker.sweep()).toBe(0);
  });

  it('picks up requests recorded while no checker ran when it starts', async () => {
    const [offer] = await database.db
      .selectFrom('distributions as d')
      .innerJoin('datasets as s', 's.id', 'd.dataset_id')
      .select(['d.id', 'd.access_url'])
      .where('s.offer_id', '=', ids.waiting)
      .execute();
    await requestLinkChecks({
      db: database.db,
      queue: null,
      distributions: [{ distributionId: offer!.id, offerId: ids.waiting, url: offer!.access_url! }],
    });
    const second = createTestLinkChecker();
    await second.start();
    try {
      expect((await waitForChecks(ids.waiting)).endpointChecks[0]?.status).toBe('online');
    } finally {
      await second.stop();
    }
  });

  it('checks the links of offers noted for checks, as a harvest notes them, at the next sweep and once', async () => {
    await insertOffer(
      database.db,
      offerWithLinks(ids.harvested, 'Harvested', [`${siteUrl}/data.csv`, 'N/A', 'ftp://example.org/x']),
    );
    await requestOfferChecks(database.db, [ids.harvested]);
    expect(await checker.sweep()).toBe(1);
    const done = await waitForChecks(ids.harvested);
    expect(done.endpointChecks.map((check) => check.status)).toEqual(['online', 'missing', 'missing']);

    // Noted again (the harvest rewrote the offer with the same links): nothing new to check.
    await requestOfferChecks(database.db, [ids.harvested]);
    expect(await checker.sweep()).toBe(0);
    expect((await getItem(ids.harvested)).body.endpointChecks[0]?.status).toBe('online');
  });

  it('leaves offers nobody opened unchecked', async () => {
    const rows = await database.db
      .selectFrom('link_checks')
      .select('distribution_id')
      .where('offer_id', '=', ids.unchecked)
      .execute();
    expect(rows).toEqual([]);
  });
});
