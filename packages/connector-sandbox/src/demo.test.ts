import { createConnectorClient } from '@dsm/connector-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoSandboxes, startDemoSandboxes } from './demo';
import { startSandbox } from './start-sandbox';

let demo: DemoSandboxes;

beforeAll(async () => {
  demo = await startDemoSandboxes({ apiKey: 'demo-key' });
});

afterAll(() => demo.close());

describe('[SANDBOX]: demo connectors', () => {
  it('serves each connector below its own name, so the URL ends in its id', () => {
    expect(demo.provider.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/provider$/);
    expect(demo.consumer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/consumer$/);
    expect(demo.provider.addresses.management).toBe(`${demo.provider.url}/management`);
    expect(demo.provider.addresses.public).toBe(`${demo.provider.url}/public`);
  });

  it('holds the sample assets, policies and contract definitions, behind the API key', async () => {
    const client = createConnectorClient({ addresses: demo.provider.addresses, apiKey: 'demo-key' });
    expect((await client.contractDefinitions.query()).map((definition) => definition.id)).toEqual([
      'complete-sample-catalogue',
      'mobility-research',
      'open-weather-data',
    ]);
    expect((await client.policyDefinitions.query()).map((definition) => definition.id)).toEqual([
      'members-only',
      'open-use',
      'research-only',
    ]);
    const mobility = await client.contractDefinitions.get('mobility-research');
    const selected = await client.assets.query({ filter: mobility.assetsSelector });
    expect(selected.map((asset) => asset.id)).toEqual(['air-quality-leipzig', 'bicycle-counts-cologne']);
    const anonymous = createConnectorClient({ addresses: demo.provider.addresses });
    await expect(anonymous.assets.query()).rejects.toMatchObject({ status: 401 });
  });

  it("lets the consumer read the provider's catalog over the dataspace protocol", async () => {
    const consumer = createConnectorClient({ addresses: demo.consumer.addresses, apiKey: 'demo-key' });
    const catalog = await consumer.catalog.request({
      counterPartyAddress: demo.provider.addresses.protocol,
      counterPartyId: 'provider',
    });
    expect(catalog.datasets.map((dataset) => dataset.id).sort()).toEqual([
      'air-quality-leipzig',
      'bicycle-counts-cologne',
      'weather-stations-2024',
    ]);
  });

  it('stops answering once closed', async () => {
    const short = await startDemoSandboxes();
    const client = createConnectorClient({ addresses: short.provider.addresses });
    await expect(client.health.health()).resolves.toMatchObject({ isSystemHealthy: true });
    await short.close();
    await expect(client.health.health()).rejects.toThrow(/^something went wrong: /);
  });
});

describe('[SANDBOX]: seed and base path', () => {
  it('refuses a seed the management API would refuse, naming the entry', async () => {
    await expect(
      startSandbox({ seed: { contractDefinitions: [{ '@id': 'broken', contractPolicyId: 'p' }] } }),
    ).rejects.toThrow(/contractdefinitions entry broken was refused: .*accessPolicyId is required/);
  });

  it('refuses a base path that is not URL path segments', async () => {
    await expect(startSandbox({ basePath: '/has space' })).rejects.toThrow(/basePath '\/has space' must be/);
  });

  it('answers nothing outside its base path', async () => {
    const sandbox = await startSandbox({ basePath: 'nested/one/' });
    try {
      expect(sandbox.url).toMatch(/\/nested\/one$/);
      const root = sandbox.url.replace(/\/nested\/one$/, '');
      expect((await fetch(`${root}/api/check/health`)).status).toBe(404);
      expect((await fetch(`${sandbox.url}/api/check/health`)).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});
