import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TMetadataItem } from '@dsm/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn } from '../../test/auth';
import { makeOffer } from '../../test/factories';
import { request, startTestApp, type TTestApp } from '../../test/test-app';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { insertOffer } from '../catalogue/load-offers';
import { createLinkChecker, type TLinkChecker } from './link-checker';
import { requestOfferChecks } from './request-link-checks';

/** Offers a sweep queues, all on the one host of the site below. */
const SWEPT = 30;
/** One request to the host every this many milliseconds, as LINK_CHECK_HOST_INTERVAL_MS sets it. */
const HOST_INTERVAL_MS = 150;

let database: TTestDatabase;
let checker: TLinkChecker;
let testApp: TTestApp;
let site: http.Server;
let siteUrl: string;
const sweptIds = Array.from({ length: SWEPT }, (_, i) => `20000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const openedId = '30000000-0000-4000-8000-000000000001';

/** An offer with one distribution that points at the test site. */
function offerAt(id: string, title: string) {
  const offer = makeOffer({ id, title, byteSizes: [null] });
  offer.datasets[0]!.distributions = offer.datasets[0]!.distributions.map((distribution) => ({
    ...distribution,
    accessUrl: `${siteUrl}/${id}.csv`,
  }));
  return offer;
}

beforeAll(async () => {
  site = http.createServer((_req, res) => res.writeHead(200, { 'content-length': 0 }).end());
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  database = await createTestDatabase();
  checker = createLinkChecker({
    databaseUrl: database.url,
    db: database.db,
    settings: { allowedHosts: ['127.0.0.1'], timeoutMs: 2000, hostIntervalMs: HOST_INTERVAL_MS, recheckHours: 24 },
    sweepCron: null,
    pollingIntervalSeconds: 0.5,
  });
  await checker.start();
  testApp = await startTestApp({}, { database, linkChecks: checker });
  for (const id of sweptIds) await insertOffer(database.db, offerAt(id, `Harvested ${id}`));
  await insertOffer(database.db, offerAt(openedId, 'Opened by a buyer'));
});

afterAll(async () => {
  await testApp?.close();
  await checker?.stop();
  await database?.drop();
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
});

it("checks the links of an offer a buyer opens before the sweep's backlog on the same host", async () => {
  const auth = (await signIn(testApp)).headers;
  await requestOfferChecks(database.db, sweptIds);
  expect(await checker.sweep()).toBe(SWEPT);

  const getItem = () => request<TMetadataItem>(testApp.baseUrl, 'GET', `/api/metadata/${openedId}`, undefined, auth);
  expect((await getItem()).body.endpointChecks[0]?.status).toBe('pending');
  const deadline = Date.now() + 20_000;
  let item = (await getItem()).body;
  while (item.endpointChecks[0]?.status === 'pending' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    item = (await getItem()).body;
  }
  expect(item.endpointChecks[0]?.status).toBe('online');

  // The backlog takes SWEPT x HOST_INTERVAL_MS (4.5 s); the opened offer's check came long before its end.
  const sweptDone = await database.db
    .selectFrom('link_checks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('offer_id', 'in', sweptIds)
    .where('checked_at', 'is not', null)
    .executeTakeFirstOrThrow();
  expect(Number(sweptDone.n)).toBeLessThan(SWEPT / 2);
});
