import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ConnectorClient, createConnectorClient, MANAGEMENT_API_VERSIONS } from '@dsm/connector-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from './start-sandbox';
import { offerAsset } from './test/offer-asset';

let sandbox: Sandbox;
let client: ConnectorClient;

// Every call through the client runs against both Management API versions the sandbox serves.
describe.each(MANAGEMENT_API_VERSIONS)('Management API %s', (version) => {
  beforeAll(async () => {
    sandbox = await startSandbox({
      participantId: 'crud',
      apiKey: 'key',
      verifyBearerToken: (token) => token === 'signed-in-user',
    });
    client = createConnectorClient({ addresses: sandbox.addresses, apiKey: 'key', managementApiVersion: version });
  });

  afterAll(() => sandbox.close());

  const dataAddress = { type: 'InlineData', content: 'hello' };

  describe('[SANDBOX]: start and addresses', () => {
    it('answers its seven addresses on one port', () => {
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox.addresses).toEqual({
        default: `${sandbox.url}/api`,
        protocol: `${sandbox.url}/protocol`,
        management: `${sandbox.url}/management`,
        control: `${sandbox.url}/control`,
        public: `${sandbox.url}/public`,
        federatedCatalog: `${sandbox.url}/catalog`,
        version: `${sandbox.url}/.well-known/version`,
      });
    });

    it('answers the four health checks on the default address', async () => {
      for (const check of ['health', 'liveness', 'readiness', 'startup'] as const) {
        expect((await client.health[check]()).isSystemHealthy).toBe(true);
      }
    });

    it('refuses management calls without the API key (401) and accepts a verified bearer token', async () => {
      const anonymous = createConnectorClient({ addresses: sandbox.addresses, managementApiVersion: version });
      await expect(anonymous.assets.query()).rejects.toMatchObject({ code: 'Unknown', status: 401 });
      const wrong = createConnectorClient({
        addresses: sandbox.addresses,
        apiKey: 'nope',
        managementApiVersion: version,
      });
      await expect(wrong.assets.query()).rejects.toMatchObject({ status: 401 });
      await expect(anonymous.withBearerToken('stranger').assets.query()).rejects.toMatchObject({ status: 401 });
      await expect(anonymous.withBearerToken('signed-in-user').assets.query()).resolves.toBeInstanceOf(Array);
    });

    it('lists its data plane', async () => {
      const [plane] = await client.dataplanes.list();
      expect(plane).toMatchObject({
        id: 'crud-dataplane',
        allowedSourceTypes: ['HttpData', 'InlineData'],
        allowedTransferTypes: ['HttpData-PULL', 'HttpData-PUSH'],
        state: 'AVAILABLE',
      });
    });

    it('stops answering once closed', async () => {
      const short = await startSandbox();
      const shortClient = createConnectorClient({ addresses: short.addresses, managementApiVersion: version });
      await expect(shortClient.health.health()).resolves.toMatchObject({ isSystemHealthy: true });
      await short.close();
      await expect(shortClient.health.health()).rejects.toThrow(/^something went wrong: /);
    });
  });

  describe('[SANDBOX]: assets', () => {
    it('creates, reads, updates, queries and deletes an asset', async () => {
      const created = await client.assets.create({
        id: 'asset-1',
        properties: { name: 'First', 'dct:title': 'First title' },
        privateProperties: { secretNote: 'x' },
        dataAddress,
      });
      expect(created.id).toBe('asset-1');
      expect(created.createdAt).toBeGreaterThan(0);
      expect(await client.assets.get('asset-1')).toEqual({
        id: 'asset-1',
        properties: { name: 'First', title: 'First title', id: 'asset-1' },
        privateProperties: { secretNote: 'x' },
        dataAddress: { type: 'InlineData', content: 'hello' },
        createdAt: created.createdAt,
      });
      await client.assets.update({ id: 'asset-1', properties: { name: 'Renamed' }, dataAddress });
      expect((await client.assets.get('asset-1')).properties.name).toBe('Renamed');
      await client.assets.create({ id: 'asset-0', properties: { name: 'Zero' }, dataAddress });

      expect((await client.assets.query()).map((asset) => asset.id)).toEqual(['asset-0', 'asset-1']);
      const filtered = await client.assets.query({
        filter: [{ operandLeft: 'https://w3id.org/edc/v0.0.1/ns/name', operator: '=', operandRight: 'Zero' }],
      });
      expect(filtered.map((asset) => asset.id)).toEqual(['asset-0']);
      expect((await client.assets.query({ offset: 1, limit: 1 })).map((asset) => asset.id)).toEqual(['asset-1']);

      await client.assets.delete('asset-0');
      await expect(client.assets.get('asset-0')).rejects.toThrow(
        'resource not found: [{"message":"Object of type Asset with ID=asset-0 was not found","type":"ObjectNotFound"}]',
      );
    });

    it('answers 409 Duplicate for an existing id and 404 NotFound for unknown ids', async () => {
      await client.assets.create({ id: 'dup', properties: {}, dataAddress });
      await expect(client.assets.create({ id: 'dup', properties: {}, dataAddress })).rejects.toMatchObject({
        code: 'Duplicate',
        message: expect.stringMatching(/^duplicated resource: .*already exists/),
      });
      await expect(client.assets.update({ id: 'ghost', properties: {}, dataAddress })).rejects.toMatchObject({
        code: 'NotFound',
      });
      await expect(client.assets.delete('ghost')).rejects.toMatchObject({ code: 'NotFound' });
    });

    it('answers 400 BadRequest for a body without what the management API requires', async () => {
      const response = await fetch(`${sandbox.addresses.management}/v3/assets`, {
        method: 'POST',
        headers: { 'x-api-key': 'key', 'content-type': 'application/json' },
        body: JSON.stringify({ '@context': { '@vocab': 'https://w3id.org/edc/v0.0.1/ns/' }, properties: {} }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual([
        { message: 'dataAddress is required', type: 'ValidationFailure', path: 'dataAddress' },
      ]);
      await expect(
        client.assets.query({ filter: [{ operandLeft: 'id', operator: 'resembles', operandRight: 'x' }] }),
      ).rejects.toThrow('request was malformed: [{"message":"Operator [resembles] is not supported"');
    });

    // The 400 listed only the first failure, so a caller fixed one field per round trip.
    it("lists every validation failure in one 400, each as EDC's ApiErrorDetail with its path and value", async () => {
      const post = async (path: string, body: Record<string, unknown>) => {
        const response = await fetch(`${sandbox.addresses.management}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': 'key', 'content-type': 'application/json' },
          body: JSON.stringify({ '@context': { '@vocab': 'https://w3id.org/edc/v0.0.1/ns/' }, ...body }),
        });
        expect(response.status).toBe(400);
        const details = (await response.json()) as Record<string, unknown>[];
        for (const detail of details) {
          // ApiErrorDetail of the Management API: message, type, path, invalidValue, all text.
          expect(Object.keys(detail).every((key) => ['message', 'type', 'path', 'invalidValue'].includes(key))).toBe(
            true,
          );
          expect(Object.values(detail).every((value) => typeof value === 'string')).toBe(true);
        }
        return details;
      };

      expect(await post('/v3/contractdefinitions', { '@id': 'both-missing', accessPolicyId: '' })).toEqual([
        { message: 'accessPolicyId is required', type: 'ValidationFailure', path: 'accessPolicyId', invalidValue: '' },
        { message: 'contractPolicyId is required', type: 'ValidationFailure', path: 'contractPolicyId' },
      ]);
      expect(
        (await post('/v3/assets', { properties: 'none' })).map((detail) => [detail.path, detail.invalidValue]),
      ).toEqual([
        ['properties', 'none'],
        ['dataAddress', undefined],
      ]);
      const transfer = await post('/v3/transferprocesses', {
        protocol: 'carrier-pigeon',
        transferType: 'HttpData-PULL',
      });
      expect(transfer.map((detail) => detail.path)).toEqual(['counterPartyAddress', 'protocol', 'contractId']);
      expect(transfer[1]?.invalidValue).toBe('carrier-pigeon');
      // A lone surrogate in a dataset id made encodeURIComponent throw: 500.
      expect(
        await post('/v3/catalog/dataset/request', {
          '@id': 'weather\ud800',
          counterPartyAddress: sandbox.addresses.protocol,
          protocol: 'dataspace-protocol-http',
        }),
      ).toEqual([
        {
          message: '@id must be well-formed text',
          type: 'ValidationFailure',
          path: '@id',
          invalidValue: 'weather\ud800',
        },
      ]);
      const query = await post('/v3/assets/request', {
        limit: 0,
        filterExpression: [{ operandLeft: 'id', operator: 'resembles' }, { operator: '=' }],
      });
      expect(query.map((detail) => [detail.path, detail.invalidValue])).toEqual([
        ['limit', '0'],
        ['filterExpression[0].operator', 'resembles'],
        ['filterExpression[1].operandLeft', undefined],
      ]);
    });

    // The sandbox wrote a single policy as a list, assigners as {"@id"} and "odrl:constraint": [] on every rule.
    it('compacts policies and offers as EDC writes them', async () => {
      const management = (path: string, body?: unknown) =>
        fetch(`${sandbox.addresses.management}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'x-api-key': 'key', 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then((response) => response.json() as Promise<Record<string, unknown>>);
      await offerAsset(client, {
        asset: { id: 'compacted', properties: { name: 'Compacted' }, dataAddress },
        policyId: 'compacted-policy',
        policy: { assigner: 'crud', permissions: [{ action: 'use', constraints: [] }] },
        definitionId: 'compacted-offer',
      });

      const { policy } = (await management('/v3/policydefinitions/compacted-policy')) as {
        policy: Record<string, unknown>;
      };
      expect(policy).toEqual({
        '@type': 'odrl:Set',
        'odrl:assigner': 'crud',
        'odrl:permission': { 'odrl:action': { '@id': 'odrl:use' } },
        'odrl:prohibition': [],
        'odrl:obligation': [],
      });

      const dataset = await management('/v3/catalog/dataset/request', {
        '@context': { '@vocab': 'https://w3id.org/edc/v0.0.1/ns/' },
        '@id': 'compacted',
        counterPartyAddress: sandbox.addresses.protocol,
        protocol: 'dataspace-protocol-http',
      });
      const offer = dataset['odrl:hasPolicy'] as Record<string, unknown>;
      expect(Array.isArray(offer)).toBe(false);
      expect(offer).toMatchObject({
        '@type': 'odrl:Offer',
        'odrl:assigner': 'crud',
        'odrl:target': { '@id': 'compacted' },
      });
      expect(offer['odrl:permission']).toEqual({ 'odrl:action': { '@id': 'odrl:use' } });
      expect(
        (
          await client.catalog.requestDataset({
            id: 'compacted',
            counterPartyAddress: sandbox.addresses.protocol,
            counterPartyId: 'crud',
          })
        ).offers,
      ).toHaveLength(1);
    });

    it('reads bodies written with edc: prefixes and full IRIs', async () => {
      const response = await fetch(`${sandbox.addresses.management}/v3/assets`, {
        method: 'POST',
        headers: { 'x-api-key': 'key', 'content-type': 'application/ld+json' },
        body: JSON.stringify({
          '@context': { edc: 'https://w3id.org/edc/v0.0.1/ns/' },
          '@id': 'prefixed',
          'edc:properties': { 'edc:name': 'Prefixed' },
          'https://w3id.org/edc/v0.0.1/ns/dataAddress': { 'edc:type': 'InlineData', 'edc:content': 'x' },
        }),
      });
      expect(response.status).toBe(200);
      expect(await client.assets.get('prefixed')).toMatchObject({
        properties: { name: 'Prefixed' },
        dataAddress: { type: 'InlineData', content: 'x' },
      });
    });
  });

  describe('[SANDBOX]: policies and contract definitions', () => {
    it('stores policies, refuses duplicates and keeps those in use', async () => {
      const policy = {
        permissions: [
          {
            action: 'use',
            constraints: [
              { leftOperand: 'https://w3id.org/edc/v0.0.1/ns/purpose', operator: 'eq', rightOperand: 'research' },
            ],
          },
        ],
      };
      await client.policyDefinitions.create({ id: 'research-only', policy });
      expect(await client.policyDefinitions.get('research-only')).toMatchObject({
        id: 'research-only',
        policy: { type: 'Set', ...policy, prohibitions: [], obligations: [] },
      });
      await expect(client.policyDefinitions.create({ id: 'research-only', policy })).rejects.toMatchObject({
        code: 'Duplicate',
      });
      await client.policyDefinitions.update('research-only', {
        policy: { permissions: [{ action: 'use', constraints: [] }] },
      });
      expect((await client.policyDefinitions.get('research-only')).policy.permissions).toEqual([
        { action: 'use', constraints: [] },
      ]);
      await expect(client.policyDefinitions.update('ghost', { policy })).rejects.toMatchObject({ code: 'NotFound' });

      await client.contractDefinitions.create({
        id: 'cd-1',
        accessPolicyId: 'research-only',
        contractPolicyId: 'research-only',
        assetsSelector: [{ operandLeft: 'id', operator: 'in', operandRight: ['asset-1'] }],
      });
      await expect(client.policyDefinitions.delete('research-only')).rejects.toMatchObject({ code: 'Duplicate' });
      expect(await client.contractDefinitions.get('cd-1')).toMatchObject({
        accessPolicyId: 'research-only',
        assetsSelector: [{ operandLeft: 'id', operator: 'in', operandRight: ['asset-1'] }],
      });
      await client.contractDefinitions.update({
        id: 'cd-1',
        accessPolicyId: 'research-only',
        contractPolicyId: 'research-only',
      });
      expect((await client.contractDefinitions.get('cd-1')).assetsSelector).toEqual([]);
      expect((await client.contractDefinitions.query()).map((definition) => definition.id)).toContain('cd-1');
      await expect(
        client.contractDefinitions.create({ id: 'cd-1', accessPolicyId: 'a', contractPolicyId: 'b' }),
      ).rejects.toMatchObject({ code: 'Duplicate' });
      await client.contractDefinitions.delete('cd-1');
      await client.policyDefinitions.delete('research-only');
      await expect(client.policyDefinitions.get('research-only')).rejects.toMatchObject({ code: 'NotFound' });
      await expect(client.contractDefinitions.delete('cd-1')).rejects.toMatchObject({ code: 'NotFound' });
    });
  });

  describe('[SANDBOX]: secrets, negotiations, transfers and EDRs by id', () => {
    it('stores, reads, replaces and deletes secrets', async () => {
      await client.secrets.create({ id: 'vault-1', value: 'v1' });
      await expect(client.secrets.create({ id: 'vault-1', value: 'v1' })).rejects.toMatchObject({ code: 'Duplicate' });
      await client.secrets.update({ id: 'vault-1', value: 'v2' });
      expect(await client.secrets.get('vault-1')).toEqual({ id: 'vault-1', value: 'v2' });
      await client.secrets.delete('vault-1');
      await expect(client.secrets.get('vault-1')).rejects.toMatchObject({ code: 'NotFound' });
      await expect(client.secrets.update({ id: 'vault-1', value: 'v3' })).rejects.toMatchObject({ code: 'NotFound' });
    });

    it('answers 404 for unknown negotiations, agreements, transfers and EDRs', async () => {
      const calls = [
        () => client.contractNegotiations.get('x'),
        () => client.contractNegotiations.getState('x'),
        () => client.contractNegotiations.getAgreement('x'),
        () => client.contractNegotiations.terminate('x', 'why'),
        () => client.contractAgreements.get('x'),
        () => client.contractAgreements.getNegotiation('x'),
        () => client.transferProcesses.get('x'),
        () => client.transferProcesses.getState('x'),
        () => client.transferProcesses.terminate('x', 'why'),
        () => client.transferProcesses.deprovision('x'),
        () => client.edrs.delete('x'),
        () => client.edrs.getDataAddress('x'),
      ];
      for (const call of calls) await expect(call()).rejects.toMatchObject({ code: 'NotFound' });
      expect(await client.contractNegotiations.query()).toEqual([]);
      expect(await client.transferProcesses.query()).toEqual([]);
      expect(await client.edrs.query()).toEqual([]);
      expect(await client.contractAgreements.query()).toEqual([]);
    });

    it('fails a negotiation whose provider cannot be reached, with the reason', async () => {
      const { id } = await client.contractNegotiations.initiate({
        counterPartyAddress: 'http://127.0.0.1:9/protocol',
        counterPartyId: 'nobody',
        offer: { id: 'offer', target: 'asset', permissions: [{ action: 'use', constraints: [] }] },
      });
      await client.contractNegotiations.waitForState(id, ['TERMINATED'], { intervalMs: 5 });
      expect((await client.contractNegotiations.get(id)).errorDetail).toMatch(/could not be reached/);
      const withoutParties = client.contractNegotiations.initiate({
        counterPartyAddress: 'http://127.0.0.1:9/protocol',
        offer: { id: 'offer', target: 'asset' },
        timeoutMs: 2_000,
      });
      // v4 requires the offer's assigner, so the client refuses before sending; v3 lets the connector decide.
      if (version === 'v3') await expect(withoutParties).resolves.toMatchObject({ id: expect.any(String) });
      else await expect(withoutParties).rejects.toMatchObject({ code: 'InvalidInput' });
    });

    it('refuses protocols it does not speak', async () => {
      const other = createConnectorClient({
        addresses: sandbox.addresses,
        apiKey: 'key',
        protocol: 'ids-multipart',
        managementApiVersion: version,
      });
      await expect(
        other.catalog.request({ counterPartyAddress: sandbox.addresses.protocol, counterPartyId: 'crud' }),
      ).rejects.toThrow("protocol 'ids-multipart' is not supported");
    });
  });

  describe('[SANDBOX]: outbound requests', () => {
    it('followed a redirect of a counter-party to another port: it is refused and the target sees no request', async () => {
      const hits: string[] = [];
      const target = http.createServer((request, response) => {
        hits.push(request.url ?? '');
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
      await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
      const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
      const redirector = http.createServer((request, response) => {
        response.writeHead(302, { location: `${targetUrl}${request.url}` }).end();
      });
      await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
      const counterPartyAddress = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/protocol`;
      try {
        await expect(
          client.catalog.request({ counterPartyAddress, counterPartyId: 'redirected' }),
        ).rejects.toMatchObject({
          status: 502,
        });
        const { id } = await client.contractNegotiations.initiate({
          counterPartyAddress,
          counterPartyId: 'redirected',
          offer: { id: 'offer', target: 'asset', permissions: [{ action: 'use', constraints: [] }] },
        });
        await client.contractNegotiations.waitForState(id, ['TERMINATED'], { intervalMs: 5 });
        expect((await client.contractNegotiations.get(id)).errorDetail).toBe(
          `counter-party at ${counterPartyAddress}/negotiations/request answered with a redirect (HTTP 302), which the sandbox does not follow`,
        );
        expect(hits).toEqual([]);
      } finally {
        await Promise.all([target, redirector].map((server) => new Promise((resolve) => server.close(resolve))));
      }
    });

    it('sends every outbound request through the fetch it was given', async () => {
      const asked: string[] = [];
      const watched = await startSandbox({
        participantId: 'watched',
        apiKey: 'key',
        fetch: (input, init) => {
          asked.push(String(input));
          return fetch(input, init);
        },
      });
      try {
        const watchedClient = createConnectorClient({
          addresses: watched.addresses,
          apiKey: 'key',
          managementApiVersion: version,
        });
        await watchedClient.catalog.request({
          counterPartyAddress: sandbox.addresses.protocol,
          counterPartyId: 'crud',
        });
        expect(asked).toEqual([`${sandbox.addresses.protocol}/catalog/request`]);
      } finally {
        await watched.close();
      }
    });
  });
});

describe('[SANDBOX]: Management API versions', () => {
  const V2 = 'https://w3id.org/edc/connector/management/v2';
  const dataAddress = { type: 'InlineData', content: 'hello' };

  it('answers the version API on a context of its own, naming v3 and v4, and auto picks v4 there', async () => {
    const both = await startSandbox({ participantId: 'versions', apiKey: 'key' });
    try {
      const answer = await fetch(`${both.addresses.version}/v1/version`, { headers: { 'x-api-key': 'key' } });
      expect(answer.status).toBe(200);
      const { management } = (await answer.json()) as { management: Record<string, string>[] };
      expect(management.map(({ version, urlPath, maturity }) => [version, urlPath, maturity])).toEqual([
        ['3.1.6', '/v3', 'stable'],
        ['4.1.0', '/v4', 'stable'],
      ]);
      expect((await fetch(`${both.addresses.version}/v1/version`)).status).toBe(401);
      const auto = createConnectorClient({ addresses: both.addresses, apiKey: 'key' });
      await auto.assets.create({ id: 'through-auto', properties: {}, dataAddress });
      expect(await auto.managementApi()).toMatchObject({ version: 'v4', urlPath: '/v4', source: 'version-api' });
      const v4Answer = await fetch(`${both.addresses.management}/v4/assets/through-auto`, {
        headers: { 'x-api-key': 'key' },
      });
      expect(await v4Answer.json()).toMatchObject({ '@context': [V2], '@type': 'Asset', '@id': 'through-auto' });
      await auto.policyDefinitions.create({
        id: 'plain',
        policy: {
          permissions: [
            { action: 'use', constraints: [{ leftOperand: 'purpose', operator: 'eq', rightOperand: 'x' }] },
          ],
        },
      });
      const policy = await fetch(`${both.addresses.management}/v4/policydefinitions/plain`, {
        headers: { 'x-api-key': 'key' },
      });
      // v4 writes plain terms where v3 wrote odrl: prefixes, and the client reads both alike.
      expect(((await policy.json()) as { policy: unknown }).policy).toEqual({
        '@type': 'Set',
        permission: {
          action: 'use',
          constraint: { leftOperand: { '@id': 'purpose' }, operator: 'eq', rightOperand: 'x' },
        },
        prohibition: [],
        obligation: [],
      });
      expect((await auto.policyDefinitions.get('plain')).policy.permissions[0]?.constraints[0]).toEqual({
        leftOperand: 'purpose',
        operator: 'eq',
        rightOperand: 'x',
      });
    } finally {
      await both.close();
    }
  });

  it('auto picks v3 when the version API lists only v3, and /v4 is not served there', async () => {
    const legacy = await startSandbox({ participantId: 'legacy', managementApiVersions: ['v3'] });
    try {
      const auto = createConnectorClient({ addresses: legacy.addresses });
      await auto.assets.create({ id: 'through-auto', properties: {}, dataAddress });
      expect(await auto.managementApi()).toMatchObject({ version: 'v3', urlPath: '/v3', source: 'version-api' });
      const v4 = createConnectorClient({ addresses: legacy.addresses, managementApiVersion: 'v4' });
      await expect(v4.assets.get('through-auto')).rejects.toMatchObject({ code: 'NotFound' });
    } finally {
      await legacy.close();
    }
  });

  it("refuses v4 bodies EDC's v4 schemas refuse, naming every problem", async () => {
    const strict = await startSandbox({ participantId: 'strict' });
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${strict.addresses.management}/v4${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, details: (await response.json()) as { path?: string }[] };
    };
    try {
      // A v3 body (context object, no @type) is no v4 body.
      const v3Body = await post('/assets', {
        '@context': { '@vocab': 'https://w3id.org/edc/v0.0.1/ns/' },
        '@id': 'a',
        properties: {},
        dataAddress,
      });
      expect(v3Body.status).toBe(400);
      expect(v3Body.details.map((detail) => detail.path)).toEqual(['@context', '@type']);
      const request = await post('/contractnegotiations', {
        '@context': [V2],
        '@type': 'ContractRequest',
        counterPartyAddress: strict.addresses.protocol,
        protocol: 'dataspace-protocol-http',
        offer: { '@id': 'o', '@type': 'Offer' },
        callbackAddresses: [{ uri: 'http://callback', events: [] }],
      });
      expect(request.status).toBe(400);
      expect(request.details.map((detail) => detail.path)).toEqual([
        'policy',
        'callbackAddresses[0].@type',
        'callbackAddresses[0].transactional',
      ]);
      const query = await post('/assets/request', { '@context': [V2], filterExpression: [{ operandLeft: 'id' }] });
      expect(query.details.map((detail) => detail.path)).toEqual([
        '@type',
        'filterExpression[0].@type',
        'filterExpression[0].operator',
        'filterExpression[0].operandRight',
      ]);
      const policy = await post('/policydefinitions', {
        '@context': [V2],
        '@type': 'PolicyDefinition',
        policy: { '@type': 'Offer', permission: [] },
      });
      expect(policy.details.map((detail) => detail.path)).toEqual(['policy.@type', 'policy.permission']);
      // An empty query is "everything", as in EDC.
      expect((await post('/assets/request', undefined)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
