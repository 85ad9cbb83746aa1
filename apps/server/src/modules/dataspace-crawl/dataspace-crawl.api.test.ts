import { createConnectorClient, EDC_CONTEXT, ODRL_CONTEXT_URL } from '@dsm/connector-client';
import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import type { TCrawlRun } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOperator, type TSignedIn } from '../../test/auth';
import { startFlakyServer, type TFlakyServer } from '../../test/flaky-server';
import { offerIdsFound, searchAs } from '../../test/search';
import { request, startTestApp, type TTestApp } from '../../test/test-app';
import { crawlEveryConnector } from './crawl-every-connector';
import { crawledOfferId } from './map-catalog-dataset';

const API_KEY = 'crawl-test-key';
const EDC = 'https://w3id.org/edc/v0.0.1/ns/';
const BPN = 'https://w3id.org/tractusx/v0.0.1/ns/BusinessPartnerNumber';

type TJson = Record<string, unknown>;
type TErrorBody = { code: string; message: string };

const asset = (id: string, properties: TJson): TJson => ({
  '@context': EDC_CONTEXT,
  '@type': 'Asset',
  '@id': id,
  properties,
  dataAddress: { '@type': 'DataAddress', type: 'HttpData', baseUrl: `https://data.example.org/${id}.csv` },
});

const policy = (id: string, permission: TJson[]): TJson => ({
  '@context': EDC_CONTEXT,
  '@type': 'PolicyDefinition',
  '@id': id,
  policy: { '@context': ODRL_CONTEXT_URL, '@type': 'Set', permission, prohibition: [], obligation: [] },
});

const contractDefinition = (id: string, policyId: string, assetId: string): TJson => ({
  '@context': EDC_CONTEXT,
  '@type': 'ContractDefinition',
  '@id': id,
  accessPolicyId: 'open',
  contractPolicyId: policyId,
  assetsSelector: [{ '@type': 'Criterion', operandLeft: `${EDC}id`, operator: '=', operandRight: assetId }],
});

/** The second participant: three datasets, one of them under a policy with who, what for, until when and where. */
const HARBOUR_SEED = {
  assets: [
    asset('container-moves-2025', {
      name: 'Container moves Hamburg 2025',
      description: 'Hourly container moves at the quay cranes of the Hamburg terminals.',
      contenttype: 'text/csv',
      keywords: ['port', 'logistics'],
      categories: ['TRANSPORT'],
    }),
    asset('berth-schedule', { name: 'Berth schedule Bremerhaven', description: 'Planned berthing windows.' }),
    asset('tide-gauges', { name: 'Tide gauges Elbe', description: 'Water levels of twelve Elbe tide gauges.' }),
  ],
  policyDefinitions: [
    policy('open', [{ action: 'use' }]),
    policy('partners-research', [
      {
        action: 'use',
        constraint: [
          {
            '@type': 'LogicalConstraint',
            and: [
              { leftOperand: BPN, operator: 'eq', rightOperand: 'BPNL000000000001' },
              { leftOperand: `${EDC}purpose`, operator: 'eq', rightOperand: 'research' },
              { leftOperand: `${EDC}dateTime`, operator: 'lteq', rightOperand: '2027-06-30T00:00:00Z' },
              { leftOperand: `${EDC}spatial`, operator: 'eq', rightOperand: 'EU' },
              { leftOperand: `${EDC}frameworkAgreement`, operator: 'eq', rightOperand: 'traceability:1.0' },
            ],
          },
        ],
      },
    ]),
  ],
  contractDefinitions: [
    contractDefinition('moves', 'partners-research', 'container-moves-2025'),
    contractDefinition('berths', 'open', 'berth-schedule'),
    contractDefinition('tides', 'open', 'tide-gauges'),
  ],
};

let testApp: TTestApp;
let harbour: Sandbox;
let operator: TSignedIn;
let user: TSignedIn;

const crawl = (connectorId: string, who: TSignedIn = operator) =>
  request<TCrawlRun & TErrorBody>(
    testApp.baseUrl,
    'POST',
    `/api/connectors/${connectorId}/crawls`,
    undefined,
    who.headers,
  );
const runs = (connectorId: string, who: TSignedIn = operator) =>
  request<TCrawlRun[] & TErrorBody>(
    testApp.baseUrl,
    'GET',
    `/api/connectors/${connectorId}/crawls`,
    undefined,
    who.headers,
  );
const register = async (name: string, url: string) => {
  const response = await request(
    testApp.baseUrl,
    'POST',
    '/api/connectors',
    { name, url, apiKey: API_KEY },
    operator.headers,
  );
  expect(response.status).toBe(201);
};
const search = async (query: string) => {
  const response = await searchAs(testApp, user, { query });
  expect(response.status).toBe(200);
  return response.body.data;
};
/** Every offer a search finds, federated copies (the same title in another catalogue) included. */
const foundIds = async (query: string) => offerIdsFound((await searchAs(testApp, user, { query })).body);

beforeAll(async () => {
  [testApp, harbour] = await Promise.all([
    // One second per connector call, so the slow connector below fails its run quickly.
    startTestApp({ CONNECTOR_TIMEOUT_MS: '1000', CRAWL_INTERVAL_MINUTES: '0' }),
    startSandbox({ basePath: '/harbour-edc', participantId: 'harbour-edc', apiKey: API_KEY, seed: HARBOUR_SEED }),
  ]);
  operator = await signInOperator(testApp, { email: 'crawl-operator@example.org' });
  user = await signIn(testApp, { email: 'crawl-user@example.org' });
  await register('Harbour EDC', harbour.url);
});

afterAll(async () => {
  await Promise.all([testApp?.close(), harbour?.close()]);
});

describe("crawling a participant's catalog", () => {
  it('makes each dataset a searchable Connector offer with its participant and its policy in words', async () => {
    const first = await crawl('harbour-edc');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      connectorId: 'harbour-edc',
      status: 'succeeded',
      counts: { added: 3, updated: 0, removed: 0, failed: 0 },
      error: null,
    });

    const found = await search('Container moves Hamburg');
    const offer = found.find((item) => item['@id'] === crawledOfferId('harbour-edc', 'container-moves-2025'));
    expect(offer).toMatchObject({
      title: 'Container moves Hamburg 2025',
      paymentModel: 'FREE_OF_CHARGE',
      keywords: ['port', 'logistics'],
      categories: ['TRANSPORT'],
    });
    expect(offer!.datasets[0]!['dcterms:publisher']['foaf:name']).toBe('Harbour EDC');
    expect(offer!.datasets[0]!['dcat:distribution'].map((d) => d['dcterms:title'])).toEqual([
      'HttpData-PULL',
      'HttpData-PUSH',
    ]);
    const description = offer!.description['@value'];
    expect(description).toContain('Offered in the data space by the participant harbour-edc.');
    expect(description).toContain(
      'Conditions of use: Who: only the participant BPNL000000000001. For: research. When: until 2027-06-30. ' +
        'Where: in EU. Other conditions: frameworkAgreement is traceability:1.0.',
    );
    const open = (await search('Tide gauges Elbe')).find(
      (item) => item['@id'] === crawledOfferId('harbour-edc', 'tide-gauges'),
    );
    expect(open!.description['@value']).toContain(
      'Who: anyone in the data space. For: any purpose. When: without an end date. Where: anywhere.',
    );
  });

  it('changes nothing when the catalog did not change', async () => {
    const second = await crawl('harbour-edc');
    expect(second.body).toMatchObject({ status: 'succeeded', counts: { added: 0, updated: 0, removed: 0, failed: 0 } });
  });

  it('rewrites a changed dataset and removes one that left the catalog', async () => {
    const management = createConnectorClient({
      addresses: { management: harbour.addresses.management },
      apiKey: API_KEY,
    });
    const tides = await management.assets.get('tide-gauges');
    await management.assets.update({
      id: 'tide-gauges',
      properties: { ...tides.properties, name: 'Tide gauges Elbe and Weser' },
      dataAddress: tides.dataAddress,
    });
    await management.contractDefinitions.delete('berths');

    const third = await crawl('harbour-edc');
    expect(third.body).toMatchObject({ status: 'succeeded', counts: { added: 0, updated: 1, removed: 1, failed: 0 } });
    const berths = crawledOfferId('harbour-edc', 'berth-schedule');
    expect(await foundIds('Berth schedule Bremerhaven')).not.toContain(berths);
    const tidesFound = (await search('Tide gauges Weser')).find(
      (item) => item['@id'] === crawledOfferId('harbour-edc', 'tide-gauges'),
    );
    expect(tidesFound?.title).toBe('Tide gauges Elbe and Weser');

    const listed = await runs('harbour-edc');
    expect(listed.status).toBe(200);
    expect(listed.body.map((run) => run.counts)).toEqual([
      { added: 0, updated: 1, removed: 1, failed: 0 },
      { added: 0, updated: 0, removed: 0, failed: 0 },
      { added: 3, updated: 0, removed: 0, failed: 0 },
    ]);
  });

  it('counts a dataset that cannot be an offer as failed with its reason, and writes its neighbours', async () => {
    const management = createConnectorClient({
      addresses: { management: harbour.addresses.management },
      apiKey: API_KEY,
    });
    await management.assets.create({
      id: 'quay-walls',
      properties: { name: 'Quay wall inspections' },
      dataAddress: { type: 'HttpData', baseUrl: 'https://data.example.org/quay-walls.csv' },
    });
    // Offered under a policy that permits nothing: the offer exists, yet it can never be agreed to.
    await management.policyDefinitions.create({ id: 'nothing', policy: {} });
    await management.contractDefinitions.create({
      id: 'quay',
      accessPolicyId: 'open',
      contractPolicyId: 'nothing',
      assetsSelector: [{ operandLeft: `${EDC}id`, operator: '=', operandRight: 'quay-walls' }],
    });
    await management.assets.create({
      id: 'long-name',
      properties: { name: 'Quay '.repeat(120) },
      dataAddress: { type: 'HttpData', baseUrl: 'https://data.example.org/long.csv' },
    });
    await management.contractDefinitions.create({
      id: 'long',
      accessPolicyId: 'open',
      contractPolicyId: 'open',
      assetsSelector: [{ operandLeft: `${EDC}id`, operator: '=', operandRight: 'long-name' }],
    });
    const run = await crawl('harbour-edc');
    expect(run.body).toMatchObject({
      status: 'succeeded',
      counts: { added: 1, updated: 0, removed: 0, failed: 1 },
      failures: [{ datasetId: 'long-name', reason: 'its name is longer than 500 characters' }],
    });
    const quay = (await search('Quay wall inspections')).find(
      (item) => item['@id'] === crawledOfferId('harbour-edc', 'quay-walls'),
    );
    expect(quay!.description['@value']).toContain('Permits nothing');
  });
});

describe('a connector that fails', () => {
  /** A connector whose management API answers as told: the participant's catalog, garbage, too slowly, or not at all. */
  let flaky: TFlakyServer;
  let flakyUrl: string;

  beforeAll(async () => {
    flaky = await startFlakyServer({
      slowBody: '{}',
      // The participant's own catalog, paged as asked, as if this connector served it.
      forward: (body) => {
        const asked = JSON.parse(body.toString('utf8') || '{}') as TJson;
        return fetch(`${harbour.addresses.management}/v3/catalog/request`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
          body: JSON.stringify({ ...asked, counterPartyAddress: harbour.addresses.protocol }),
        });
      },
    });
    flakyUrl = `${flaky.origin}/flaky-edc`;
    await register('Flaky EDC', flakyUrl);
    expect((await crawl('flaky-edc')).body).toMatchObject({ status: 'succeeded', counts: { added: 3, failed: 1 } });
  });

  afterAll(async () => {
    await flaky?.close();
  });

  const expectNothingRemoved = async () => {
    expect(await foundIds('Container moves Hamburg')).toContain(crawledOfferId('flaky-edc', 'container-moves-2025'));
  };

  it.each([
    ['hang-up', /^The connector 'Flaky EDC' \(.+\) cannot be reached: /],
    ['garbage', /^The connector 'Flaky EDC' \(.+\) answered with something that is not JSON$/],
    ['slow', /^The connector 'Flaky EDC' \(.+\) did not answer within 1 s$/],
  ] as const)(
    'fails the run of a connector that answers %s with the reason, and removes nothing',
    async (given, reason) => {
      flaky.mode = given;
      const run = await crawl('flaky-edc');
      expect(run.status).toBe(201);
      expect(run.body).toMatchObject({ status: 'failed', counts: { added: 0, updated: 0, removed: 0, failed: 0 } });
      expect(run.body.error).toMatch(reason);
      expect((await runs('flaky-edc')).body[0]).toMatchObject({
        id: run.body.id,
        status: 'failed',
        error: run.body.error,
      });
      flaky.mode = 'forward';
      await expectNothingRemoved();
    },
  );

  it('fails the run of a connector nobody listens at', async () => {
    await register('Gone EDC', `http://127.0.0.1:${flaky.port === 1 ? 2 : 1}/gone-edc`);
    const run = await crawl('gone-edc');
    expect(run.body).toMatchObject({ status: 'failed' });
    expect(run.body.error).toMatch(/^The connector 'Gone EDC' \(.+\) cannot be reached: /);
  });

  it('refuses a second crawl of a connector while one runs (409)', async () => {
    flaky.mode = 'slow';
    const first = crawl('flaky-edc');
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const listed = await runs('flaky-edc');
      if (listed.body[0]?.status === 'running') break;
    }
    const second = await crawl('flaky-edc');
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/^A crawl of the connector 'Flaky EDC' is running since /);
    expect((await first).body.status).toBe('failed');
    flaky.mode = 'forward';
  });
});

describe('the scheduled crawl', () => {
  it('crawls every registered connector in turn; a failing one does not stop the others', async () => {
    const lines: string[] = [];
    const sweep = await crawlEveryConnector(testApp.database.db, (line) => lines.push(line));
    // harbour-edc succeeds; gone-edc and flaky-edc (stopped after its tests) fail, each with its reason.
    expect(sweep).toEqual({ succeeded: 1, failed: 2, skipped: 0 });
    expect(lines.sort()).toEqual([
      expect.stringMatching(/^crawl of connector flaky-edc failed: The connector 'Flaky EDC' .+ cannot be reached/),
      expect.stringMatching(/^crawl of connector gone-edc failed: The connector 'Gone EDC' .+ cannot be reached/),
    ]);
    expect((await runs('harbour-edc')).body[0]).toMatchObject({
      status: 'succeeded',
      counts: { added: 0, updated: 0, removed: 0, failed: 1 },
    });
  });
});

describe('who may crawl', () => {
  it('refuses users without the operator role (403), for crawling and for reading runs', async () => {
    const crawled = await crawl('harbour-edc', user);
    expect(crawled.status).toBe(403);
    expect(crawled.body.message).toMatch(/needs the role .+_OPERATOR$/);
    expect((await runs('harbour-edc', user)).status).toBe(403);
    expect((await request(testApp.baseUrl, 'POST', '/api/connectors/harbour-edc/crawls')).status).toBe(401);
  });

  it('answers 404 for an unknown connector', async () => {
    expect((await crawl('no-such-edc')).status).toBe(404);
    expect((await runs('no-such-edc')).status).toBe(404);
  });
});

describe('removing a crawled connector', () => {
  it('removes the offers its crawls made, and search no longer finds them', async () => {
    const quay = await startSandbox({
      basePath: '/quay-edc',
      participantId: 'quay-edc',
      apiKey: API_KEY,
      seed: {
        assets: [
          asset('quay-walls', { name: 'Quay wall inspections Kiel', description: 'Sonar scans of quay walls.' }),
        ],
        policyDefinitions: [policy('open', [{ action: 'use' }])],
        contractDefinitions: [contractDefinition('walls', 'open', 'quay-walls')],
      },
    });
    try {
      await register('Quay EDC', quay.url);
      expect((await crawl('quay-edc')).body).toMatchObject({ status: 'succeeded', counts: { added: 1 } });
      const offerId = crawledOfferId('quay-edc', 'quay-walls');
      expect(await foundIds('Quay wall inspections Kiel')).toContain(offerId);

      const removed = await request(testApp.baseUrl, 'DELETE', '/api/connectors/quay-edc', undefined, operator.headers);
      expect(removed.status).toBe(204);
      expect(await foundIds('Quay wall inspections Kiel')).not.toContain(offerId);
      const offer = await testApp.database.db
        .selectFrom('offers')
        .select('state')
        .where('id', '=', offerId)
        .executeTakeFirstOrThrow();
      expect(offer.state).toBe('REMOVED');
      // The other participant's crawled offers stay.
      expect(await foundIds('Tide gauges Weser')).toContain(crawledOfferId('harbour-edc', 'tide-gauges'));
    } finally {
      await quay.close();
    }
  });
});
