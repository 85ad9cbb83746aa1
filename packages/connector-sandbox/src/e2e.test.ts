import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ConnectorClient,
  createConnectorClient,
  isNegotiationStateName,
  isTransferProcessStateName,
  MANAGEMENT_API_VERSIONS,
  NEGOTIATION_STATES,
  type Offer,
  TRANSFER_PROCESS_STATES,
} from '@dsm/connector-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from './start-sandbox';
import { canNegotiationMove, canTransferMove, type NegotiationState, type TransferState } from './states';
import { offerAsset } from './test/offer-asset';

const WEATHER = { city: 'Berlin', celsius: 21.5 };

// The whole journey runs once per Management API version the client speaks.
describe.each(MANAGEMENT_API_VERSIONS)('Management API %s', (version) => {
  let provider: Sandbox;
  let consumer: Sandbox;
  let providerClient: ConnectorClient;
  let consumerClient: ConnectorClient;

  beforeAll(async () => {
    provider = await startSandbox({ participantId: 'provider', apiKey: 'provider-key', stepDelayMs: 5 });
    consumer = await startSandbox({
      participantId: 'consumer',
      apiKey: 'consumer-key',
      stepDelayMs: 5,
      federatedCatalogNodes: [provider.addresses.protocol],
    });
    providerClient = createConnectorClient({
      addresses: provider.addresses,
      apiKey: 'provider-key',
      managementApiVersion: version,
    });
    consumerClient = createConnectorClient({
      addresses: consumer.addresses,
      apiKey: 'consumer-key',
      managementApiVersion: version,
    });

    await offerWeather(providerClient);
  });

  afterAll(async () => {
    await consumer?.close();
    await provider?.close();
  });

  /** Puts the weather asset on offer under a policy that allows any use. */
  async function offerWeather(client: ConnectorClient): Promise<void> {
    await offerAsset(client, {
      asset: {
        id: 'weather',
        properties: { name: 'Weather in Berlin', contenttype: 'application/json' },
        dataAddress: { type: 'InlineData', content: WEATHER },
      },
      policyId: 'use-freely',
      definitionId: 'weather-offer',
    });
  }

  async function offerFor(assetId: string): Promise<Offer> {
    const catalog = await consumerClient.catalog.request({
      counterPartyAddress: provider.addresses.protocol,
      counterPartyId: 'provider',
    });
    const offer = catalog.datasets.find((dataset) => dataset.id === assetId)?.offers[0];
    if (offer === undefined) throw new Error(`no offer for ${assetId}`);
    return offer;
  }

  async function negotiate(assetId: string): Promise<string> {
    const offer = await offerFor(assetId);
    const { id } = await consumerClient.contractNegotiations.initiate({
      counterPartyAddress: provider.addresses.protocol,
      counterPartyId: 'provider',
      offer,
    });
    await consumerClient.contractNegotiations.waitForState(id, ['FINALIZED'], { intervalMs: 5 });
    const negotiation = await consumerClient.contractNegotiations.get(id);
    return negotiation.contractAgreementId!;
  }

  describe('[SANDBOX]: a consumer acquires data from a provider over the dataspace protocol', () => {
    it('requests the catalog, negotiates, transfers, fetches through the public data plane and cleans up', async () => {
      const catalog = await consumerClient.catalog.request({
        counterPartyAddress: provider.addresses.protocol,
        counterPartyId: 'provider',
      });
      expect(catalog.participantId).toBe('provider');
      expect(catalog.services[0]?.endpointUrl).toBe(provider.addresses.protocol);
      const dataset = catalog.datasets.find((candidate) => candidate.id === 'weather');
      expect(dataset?.properties).toMatchObject({ name: 'Weather in Berlin' });
      expect(dataset?.distributions.map((distribution) => distribution.format)).toEqual([
        'HttpData-PULL',
        'HttpData-PUSH',
      ]);
      const offer = dataset!.offers[0]!;
      expect(offer).toMatchObject({ type: 'Offer', target: 'weather', assigner: 'provider' });
      expect(offer.permissions).toEqual([{ action: 'use', constraints: [] }]);

      const { id: negotiationId } = await consumerClient.contractNegotiations.initiate({
        counterPartyAddress: provider.addresses.protocol,
        counterPartyId: 'provider',
        offer,
      });
      await consumerClient.contractNegotiations.waitForState(negotiationId, ['FINALIZED'], { intervalMs: 5 });
      const agreement = await consumerClient.contractNegotiations.getAgreement(negotiationId);
      expect(agreement).toMatchObject({ assetId: 'weather', providerId: 'provider', consumerId: 'consumer' });
      expect(agreement.policy.permissions).toEqual([{ action: 'use', constraints: [] }]);
      expect((await consumerClient.contractAgreements.getNegotiation(agreement.id)).id).toBe(negotiationId);
      // The provider holds the same agreement.
      expect((await providerClient.contractAgreements.get(agreement.id)).consumerId).toBe('consumer');

      const { id: transferId } = await consumerClient.transferProcesses.initiate({
        counterPartyAddress: provider.addresses.protocol,
        counterPartyId: 'provider',
        contractId: agreement.id,
        transferType: 'HttpData-PULL',
        dataDestination: { type: 'HttpProxy' },
      });
      await consumerClient.transferProcesses.waitForState(transferId, ['STARTED'], { intervalMs: 5 });

      const [edr] = await consumerClient.edrs.query({
        filter: [{ operandLeft: 'transferProcessId', operator: '=', operandRight: transferId }],
      });
      expect(edr).toMatchObject({ transferProcessId: transferId, agreementId: agreement.id, providerId: 'provider' });
      expect(edr?.contractNegotiationId).toBe(negotiationId);
      const address = await consumerClient.edrs.getDataAddress(transferId);
      expect(address.endpoint).toBe(provider.addresses.public);
      expect(typeof address.authorization).toBe('string');

      const publicClient = createConnectorClient({ addresses: { public: String(address.endpoint) } });
      const data = await publicClient.publicData.get({ headers: { Authorization: String(address.authorization) } });
      expect(data.headers.get('content-type')).toContain('application/json');
      expect(await new Response(data.body).json()).toEqual(WEATHER);

      await consumerClient.transferProcesses.terminate(transferId, 'done reading');
      await consumerClient.transferProcesses.waitForState(transferId, ['TERMINATED'], { intervalMs: 5 });
      await expect(
        publicClient.publicData.get({ headers: { Authorization: String(address.authorization) } }),
      ).rejects.toThrow('Access token is expired or invalid');
      await expect(consumerClient.edrs.getDataAddress(transferId)).rejects.toMatchObject({ code: 'NotFound' });
      const providerSide = (await providerClient.transferProcesses.query()).find((t) => t.correlationId === transferId);
      expect(providerSide?.state).toBe('TERMINATED');
      expect(providerSide?.errorDetail).toBe('done reading');

      await consumerClient.transferProcesses.deprovision(transferId);
      await consumerClient.transferProcesses.waitForState(transferId, ['DEPROVISIONED'], { intervalMs: 5 });
    });

    it('completes a push transfer of finite data: STARTED, then COMPLETED', async () => {
      const received: string[] = [];
      const sink: Server = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => {
          body += chunk;
        });
        request.on('end', () => {
          received.push(body);
          response.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
      try {
        const agreementId = await negotiate('weather');
        const { id } = await consumerClient.transferProcesses.initiate({
          counterPartyAddress: provider.addresses.protocol,
          contractId: agreementId,
          transferType: 'HttpData-PUSH',
          dataDestination: { type: 'HttpData', baseUrl: `http://127.0.0.1:${(sink.address() as AddressInfo).port}/in` },
        });
        const seen = await observe(
          () => consumerClient.transferProcesses.getState(id),
          ['COMPLETED'],
          isTransferProcessStateName,
        );
        expect(seen).toContain('STARTED');
        expect(seen.indexOf('STARTED')).toBeLessThan(seen.indexOf('COMPLETED'));
        expectValidPath(seen, canTransferMove);
        expect(received.map((body) => JSON.parse(body))).toEqual([WEATHER]);
        await consumerClient.transferProcesses.deprovision(id);
        await consumerClient.transferProcesses.waitForState(id, ['DEPROVISIONED'], { intervalMs: 5 });
        // Nothing to terminate once complete.
        await expect(consumerClient.transferProcesses.terminate(id, 'late')).rejects.toMatchObject({
          code: 'Duplicate',
        });
      } finally {
        sink.closeAllConnections();
        await new Promise((resolve) => sink.close(resolve));
      }
    });

    it('shows every negotiation state change as a valid transition, on both sides', async () => {
      // A larger step delay on this consumer keeps each of its states visible for a while.
      const watched = await startSandbox({ participantId: 'watched-consumer', stepDelayMs: 100 });
      try {
        const client = createConnectorClient({ addresses: watched.addresses, managementApiVersion: version });
        const offer = (
          await client.catalog.request({ counterPartyAddress: provider.addresses.protocol, counterPartyId: 'provider' })
        ).datasets[0]!.offers[0]!;
        const { id } = await client.contractNegotiations.initiate({
          counterPartyAddress: provider.addresses.protocol,
          offer,
        });
        const seen = await observe(
          () => client.contractNegotiations.getState(id),
          ['FINALIZED'],
          isNegotiationStateName,
        );
        expect(seen[0]).toBe('INITIAL');
        expect(seen.at(-1)).toBe('FINALIZED');
        // Polling sees most of the intermediate states (how many depends on the machine's load).
        expect(seen.length).toBeGreaterThanOrEqual(4);
        expectValidPath(seen, canNegotiationMove);
        const providerSide = (await providerClient.contractNegotiations.query()).find(
          (negotiation) => negotiation.counterPartyId === 'watched-consumer',
        );
        expect(providerSide).toMatchObject({ type: 'PROVIDER', state: 'FINALIZED' });
      } finally {
        await watched.close();
      }
    });

    it('terminates a negotiation with a reason on both sides', async () => {
      // A slow provider keeps the negotiation open long enough to terminate it midway.
      const slowProvider = await startSandbox({ participantId: 'slow-provider', stepDelayMs: 150 });
      try {
        const slowProviderClient = createConnectorClient({
          addresses: slowProvider.addresses,
          managementApiVersion: version,
        });
        await offerWeather(slowProviderClient);
        const counterPartyAddress = slowProvider.addresses.protocol;
        const offer = (await consumerClient.catalog.request({ counterPartyAddress, counterPartyId: 'provider' }))
          .datasets[0]!.offers[0]!;
        const { id } = await consumerClient.contractNegotiations.initiate({ counterPartyAddress, offer });
        await consumerClient.contractNegotiations.waitForState(id, ['REQUESTED'], { intervalMs: 2 });
        await consumerClient.contractNegotiations.terminate(id, 'found a cheaper offer');
        await consumerClient.contractNegotiations.waitForState(id, ['TERMINATED'], { intervalMs: 5 });
        expect((await consumerClient.contractNegotiations.get(id)).errorDetail).toBe('found a cheaper offer');
        const [providerSide] = await slowProviderClient.contractNegotiations.query();
        expect(providerSide).toMatchObject({ state: 'TERMINATED', errorDetail: 'found a cheaper offer' });
        await expect(consumerClient.contractNegotiations.terminate(id, 'again')).rejects.toMatchObject({
          code: 'Duplicate',
        });
      } finally {
        await slowProvider.close();
      }
    });

    it('refuses a transfer under an unknown agreement and an unknown transfer type', async () => {
      await expect(
        consumerClient.transferProcesses.initiate({
          counterPartyAddress: provider.addresses.protocol,
          contractId: 'no-such-agreement',
          transferType: 'HttpData-PULL',
        }),
      ).rejects.toThrow('request was malformed: ');
      const agreementId = await negotiate('weather');
      await expect(
        consumerClient.transferProcesses.initiate({
          counterPartyAddress: provider.addresses.protocol,
          contractId: agreementId,
          transferType: 'Carrier-Pigeon',
        }),
      ).rejects.toMatchObject({ code: 'BadRequest' });
    });

    // The sandbox appended the version to an address that already ended with it (.../2025-1/2025-1, 404) and
    // answered a negotiation with the rewritten address.
    it('speaks DSP 2025-1 at an address that names the version, used as given and answered back unchanged', async () => {
      const client = createConnectorClient({
        addresses: consumer.addresses,
        apiKey: 'consumer-key',
        protocol: 'dataspace-protocol-http:2025-1',
        managementApiVersion: version,
      });
      const address = `${provider.addresses.protocol}/2025-1`;
      const catalog = await client.catalog.request({ counterPartyAddress: address, counterPartyId: 'provider' });
      const dataset = await client.catalog.requestDataset({
        id: 'weather',
        counterPartyAddress: address,
        counterPartyId: 'provider',
      });
      expect(dataset.offers).toHaveLength(1);
      const { id } = await client.contractNegotiations.initiate({
        counterPartyAddress: `${address}/`,
        offer: catalog.datasets[0]!.offers[0]!,
      });
      await client.contractNegotiations.waitForState(id, ['FINALIZED'], { intervalMs: 5 });
      const negotiation = await client.contractNegotiations.get(id);
      expect(negotiation.counterPartyAddress).toBe(`${address}/`);
      const { id: transferId } = await client.transferProcesses.initiate({
        counterPartyAddress: address,
        contractId: negotiation.contractAgreementId!,
        transferType: 'HttpData-PULL',
      });
      await client.transferProcesses.waitForState(transferId, ['STARTED'], { intervalMs: 5 });
      expect((await client.transferProcesses.get(transferId)).counterPartyAddress).toBe(address);
    });

    it('answers a negotiation with the counter-party address it was sent, not one of its own making', async () => {
      const { id } = await consumerClient.contractNegotiations.initiate({
        counterPartyAddress: `${provider.addresses.protocol}/`,
        offer: await offerFor('weather'),
      });
      expect((await consumerClient.contractNegotiations.get(id)).counterPartyAddress).toBe(
        `${provider.addresses.protocol}/`,
      );
    });

    it('lists the provider catalog in the consumer federated catalog', async () => {
      const catalogs = await consumerClient.federatedCatalog.query();
      expect(catalogs.map((catalog) => catalog.participantId)).toEqual(['provider']);
      expect(catalogs[0]?.datasets.map((dataset) => dataset.id)).toEqual(['weather']);
    });
  });

  /** Polls a state fast until it is one of `until`, and answers every distinct state seen, in order. */
  async function observe<S extends string>(
    read: () => Promise<{ state: string }>,
    until: S[],
    isKnown: (state: string) => state is S,
  ): Promise<S[]> {
    const seen: S[] = [];
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const { state } = await read();
      if (!isKnown(state)) throw new Error(`the sandbox answered a state EDC does not define: ${state}`);
      if (seen.at(-1) !== state) seen.push(state);
      if (until.includes(state)) return seen;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    throw new Error(`never reached ${until.join(' or ')}; saw ${seen.join(' → ')}`);
  }

  /** Each observed change must be reachable through allowed transitions (polling can skip intermediate states). */
  function expectValidPath<S extends NegotiationState | TransferState>(
    seen: S[],
    canMove: (from: S, to: S) => boolean,
  ): void {
    for (let index = 1; index < seen.length; index++) {
      const from = seen[index - 1]!;
      const to = seen[index]!;
      expect(reachable(from, to, canMove), `${from} → ${to}`).toBe(true);
    }
  }

  function reachable<S extends string>(from: S, to: S, canMove: (from: S, to: S) => boolean): boolean {
    const visited = new Set<S>([from]);
    const queue: S[] = [from];
    const all = ALL_STATES as S[];
    while (queue.length > 0) {
      const current = queue.shift()!;
      for (const next of all) {
        if (visited.has(next) || !canMove(current, next)) continue;
        if (next === to) return true;
        visited.add(next);
        queue.push(next);
      }
    }
    return false;
  }

  const ALL_STATES: string[] = [...new Set([...NEGOTIATION_STATES, ...TRANSFER_PROCESS_STATES])];
});
