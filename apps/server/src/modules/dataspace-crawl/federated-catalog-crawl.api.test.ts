import { EDC_CONTEXT, ODRL_CONTEXT_URL } from '@dsm/connector-client';
import type { TCrawlRun, TRegisteredConnector } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInOperator, type TSignedIn } from '../../test/auth';
import { startFlakyServer, type TFlakyServer } from '../../test/flaky-server';
import { useSandbox, useTestApp } from '../../test/lifecycle';
import { offerIdsFound, searchAs } from '../../test/search';
import { request } from '../../test/test-app';
import { crawledOfferId } from './map-catalog-dataset';

const API_KEY = 'federated-crawl-key';
const EDC = 'https://w3id.org/edc/v0.0.1/ns/';

type TJson = Record<string, unknown>;
type TErrorBody = { code: string; message: string };

/** The participant behind the federated catalog: two datasets under an open policy. */
const FLEET_SEED = {
  assets: ['Charging points Rotterdam', 'Truck parking Venlo'].map((name, index) => ({
    '@context': EDC_CONTEXT,
    '@type': 'Asset',
    '@id': `fleet-${index}`,
    properties: { name, description: `${name}, updated hourly by the fleet operator.` },
    dataAddress: { '@type': 'DataAddress', type: 'HttpData', baseUrl: `https://data.example.org/fleet-${index}` },
  })),
  policyDefinitions: [
    {
      '@context': EDC_CONTEXT,
      '@type': 'PolicyDefinition',
      '@id': 'open',
      policy: { '@context': ODRL_CONTEXT_URL, '@type': 'Set', permission: [{ action: 'use' }] },
    },
  ],
  contractDefinitions: [0, 1].map((index) => ({
    '@context': EDC_CONTEXT,
    '@type': 'ContractDefinition',
    '@id': `fleet-${index}`,
    accessPolicyId: 'open',
    contractPolicyId: 'open',
    assetsSelector: [{ '@type': 'Criterion', operandLeft: `${EDC}id`, operator: '=', operandRight: `fleet-${index}` }],
  })),
};

const testApp = useTestApp({ CONNECTOR_TIMEOUT_MS: '1000', CRAWL_INTERVAL_MINUTES: '0' });
// Its federated catalog answers its own catalog, as a participant's federated catalog that crawled it would.
const fleet = useSandbox({
  basePath: '/fleet-edc',
  participantId: 'urn:fleet',
  apiKey: API_KEY,
  seed: FLEET_SEED,
  federatedCatalogNodes: () => [fleet.addresses.protocol],
});
let operator: TSignedIn;
let user: TSignedIn;

const crawl = (connectorId: string) =>
  request<TCrawlRun & TErrorBody>(
    testApp.baseUrl,
    'POST',
    `/api/connectors/${connectorId}/crawls`,
    undefined,
    operator.headers,
  );
const register = (body: TJson) =>
  request<TRegisteredConnector & TErrorBody>(testApp.baseUrl, 'POST', '/api/connectors', body, operator.headers);
const search = async (query: string) => {
  const response = await searchAs(testApp, user, { query });
  expect(response.status).toBe(200);
  return response.body;
};
/** Every offer a search finds, copies (the same title from another connector) included. */
const foundIds = async (query: string) => offerIdsFound(await search(query));

beforeAll(async () => {
  operator = await signInOperator(testApp, { email: 'federated-operator@example.org' });
  user = await signIn(testApp, { email: 'federated-user@example.org' });
});

describe("crawling a participant's federated catalog", () => {
  it('registers the federated catalog address and shows it back', async () => {
    const response = await register({
      name: 'Fleet EDC',
      url: fleet.url,
      apiKey: API_KEY,
      // The DSP catalog path would go through this management address: the crawl must not use it.
      managementUrl: 'http://127.0.0.1:9/management',
      federatedCatalogUrl: fleet.addresses.federatedCatalog,
    });
    expect(response.status).toBe(201);
    expect(response.body.federatedCatalogUrl).toBe(fleet.addresses.federatedCatalog);
  });

  it('makes every dataset of every catalog it answers a searchable offer of the catalog participant', async () => {
    const run = await crawl('fleet-edc');
    expect(run.body).toMatchObject({
      status: 'succeeded',
      counts: { added: 2, updated: 0, removed: 0, failed: 0 },
      error: null,
    });
    const id = crawledOfferId('fleet-edc', 'fleet-0');
    const offer = (await search('Charging points Rotterdam')).data.find((item) => item['@id'] === id);
    expect(offer!.description['@value']).toContain('Offered in the data space by the participant urn:fleet.');

    const again = await crawl('fleet-edc');
    expect(again.body).toMatchObject({ status: 'succeeded', counts: { added: 0, updated: 0, removed: 0 } });
  });

  it('refuses a federated catalog address that is not an http URL (400)', async () => {
    const response = await register({ name: 'Bad', url: 'http://127.0.0.1:9/bad-edc', federatedCatalogUrl: 'ftp://x' });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('federatedCatalogUrl');
  });
});

describe('a federated catalog that answers garbage', () => {
  let relay: TFlakyServer<'object'>;

  beforeAll(async () => {
    // Answers the fleet's catalogs, then garbage: not JSON, or JSON that is not a list of catalogs.
    relay = await startFlakyServer({
      slowBody: '[]',
      answers: { object: '{"catalogs":"soon"}' },
      forward: (body) =>
        fetch(`${fleet.addresses.federatedCatalog}/v1alpha/catalog/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
          body,
        }),
    });
    const response = await register({
      name: 'Relay EDC',
      url: `${relay.origin}/relay-edc`,
      apiKey: API_KEY,
      federatedCatalogUrl: `${relay.origin}/catalog`,
    });
    expect(response.status).toBe(201);
  });

  afterAll(async () => {
    await relay?.close();
  });

  it('fails the run with a clear reason and removes nothing, for garbage and for a slow answer', async () => {
    const first = await crawl('relay-edc');
    expect(first.body).toMatchObject({ status: 'succeeded', counts: { added: 2 } });
    const id = crawledOfferId('relay-edc', 'fleet-1');
    expect(await foundIds('Truck parking Venlo')).toContain(id);

    relay.mode = 'garbage';
    const garbled = await crawl('relay-edc');
    expect(garbled.body.status).toBe('failed');
    expect(garbled.body.error).toMatch(
      /^The federated catalog at http:\/\/127\.0\.0\.1:\d+\/catalog failed: .*not JSON/,
    );
    expect(garbled.body.counts).toMatchObject({ added: 0, removed: 0 });

    relay.mode = 'object';
    const notAList = await crawl('relay-edc');
    expect(notAList.body.status).toBe('failed');
    expect(notAList.body.error).toMatch(/^The federated catalog at .+ failed: /);

    // Slower than CONNECTOR_TIMEOUT_MS (1 s here): an empty answer in time would have removed both offers.
    relay.mode = 'slow';
    const slow = await crawl('relay-edc');
    expect(slow.body.status).toBe('failed');
    expect(slow.body.error).toMatch(/^The federated catalog at .+ failed: .*did not answer within 1 s/);

    expect(await foundIds('Truck parking Venlo')).toContain(id);
  });
});
