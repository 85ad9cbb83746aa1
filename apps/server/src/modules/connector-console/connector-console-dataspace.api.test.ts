import { createConnectorClient } from '@dsm/connector-client';
import type {
  TConsoleAgreement,
  TConsoleCatalogResponse,
  TConsoleEdr,
  TConsoleNegotiation,
  TConsoleSecret,
  TConsoleTransfer,
} from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInOperator, type TSignedIn } from '../../test/auth';
import { useSandbox, useTestApp } from '../../test/lifecycle';
import { request, type TBody } from '../../test/test-app';
import { insertConnector } from '../connectors/connector-repository';

const API_KEY = 'console-dataspace-key';
const EDC_ID = 'https://w3id.org/edc/v0.0.1/ns/id';
const DATA = '{"plots":[1,2,3]}';

const testApp = useTestApp();
const provider = useSandbox({ basePath: '/ds-provider', participantId: 'ds-provider', apiKey: API_KEY });
const consumer = useSandbox({
  basePath: '/ds-consumer',
  participantId: 'ds-consumer',
  apiKey: API_KEY,
  stepDelayMs: 100,
});
let operator: TSignedIn;

const call = <T>(method: string, path: string, body?: unknown) =>
  request<TBody<T>>(testApp.baseUrl, method, `/api/connectors/ds-consumer${path}`, body, operator.headers);
const counterParty = () => ({ counterPartyAddress: provider.addresses.protocol, counterPartyId: 'ds-provider' });

/** Polls a console list until an entry is as expected. */
async function waitFor<T extends { id: string }>(path: string, id: string, isDone: (entry: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const entry = (await call<T[]>('GET', path)).body.find((candidate) => candidate.id === id);
    if (entry && isDone(entry)) return entry;
    if (Date.now() > deadline) throw new Error(`${path} ${id} stayed at ${JSON.stringify(entry)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Terminates the negotiation or transfer with the reason (204), and answers it once it is terminated. */
async function terminate<T extends { id: string; state: string }>(path: string, id: string, reason: string) {
  expect((await call('POST', `${path}/${id}/terminate`, { reason })).status).toBe(204);
  return waitFor<T>(path, id, (entry) => entry.state === 'TERMINATED');
}

beforeAll(async () => {
  const client = createConnectorClient({ addresses: provider.addresses, apiKey: API_KEY });
  await client.assets.create({
    id: 'plots',
    properties: { name: 'Mangrove plots' },
    dataAddress: { type: 'InlineData', content: DATA, contentType: 'application/json' },
  });
  await client.policyDefinitions.create({
    id: 'open',
    policy: { type: 'Set', permissions: [{ action: 'use', constraints: [] }] },
  });
  await client.contractDefinitions.create({
    id: 'plots-offer',
    accessPolicyId: 'open',
    contractPolicyId: 'open',
    assetsSelector: [{ operandLeft: EDC_ID, operator: '=', operandRight: 'plots' }],
  });
  await insertConnector(testApp.database.db, { name: 'Consumer', url: consumer.url, apiKey: API_KEY });
  operator = await signInOperator(testApp, { email: 'console-ds-operator@example.org' });
});

describe('connector console: the data space', () => {
  it('browses a catalog, negotiates, transfers, downloads the EDR data, terminates and deprovisions', async () => {
    const catalog = await call<TConsoleCatalogResponse>('POST', '/catalog', counterParty());
    expect(catalog.status).toBe(200);
    const dataset = catalog.body.datasets.find((entry) => entry.id === 'plots');
    expect(dataset).toMatchObject({
      name: 'Mangrove plots',
      offers: [{ permittedActions: ['use'], constraintCount: 0 }],
    });

    const started = await call<TConsoleNegotiation>('POST', '/negotiations', {
      ...counterParty(),
      datasetId: 'plots',
      offerId: dataset!.offers[0]!.id,
    });
    expect(started.status).toBe(201);
    expect(started.body.type).toBe('CONSUMER');
    const finalized = await waitFor<TConsoleNegotiation>(
      '/negotiations',
      started.body.id,
      (entry) => entry.state === 'FINALIZED',
    );
    const agreements = await call<TConsoleAgreement[]>('GET', '/agreements');
    expect(agreements.body).toContainEqual(
      expect.objectContaining({ id: finalized.agreementId, assetId: 'plots', providerId: 'ds-provider' }),
    );

    const transfer = await call<TConsoleTransfer>('POST', '/transfers', {
      ...counterParty(),
      agreementId: finalized.agreementId,
    });
    expect(transfer.status).toBe(201);
    expect(transfer.body.transferType).toBe('HttpData-PULL');
    await waitFor<TConsoleTransfer>('/transfers', transfer.body.id, (entry) => entry.state === 'STARTED');
    const edrs = await call<TConsoleEdr[]>('GET', '/edrs');
    expect(edrs.body.map((edr) => edr.transferProcessId)).toContain(transfer.body.id);
    const data = await fetch(`${testApp.baseUrl}/api/connectors/ds-consumer/edrs/${transfer.body.id}/data`, {
      headers: operator.headers,
    });
    expect(data.status).toBe(200);
    expect(await data.text()).toBe(DATA);

    const early = await call('POST', `/transfers/${transfer.body.id}/deprovision`);
    expect(early.status).toBe(409);
    expect((await terminate<TConsoleTransfer>('/transfers', transfer.body.id, 'Done reading')).errorDetail).toBe(
      'Done reading',
    );
    expect((await call('POST', `/transfers/${transfer.body.id}/deprovision`)).status).toBe(204);
    await waitFor<TConsoleTransfer>('/transfers', transfer.body.id, (entry) => entry.state === 'DEPROVISIONED');
  });

  it('terminates a running negotiation with a reason', async () => {
    const catalog = await call<TConsoleCatalogResponse>('POST', '/catalog', counterParty());
    const offerId = catalog.body.datasets.find((entry) => entry.id === 'plots')!.offers[0]!.id;
    const started = await call<TConsoleNegotiation>('POST', '/negotiations', {
      ...counterParty(),
      datasetId: 'plots',
      offerId,
    });
    expect((await terminate<TConsoleNegotiation>('/negotiations', started.body.id, 'Wrong offer')).errorDetail).toBe(
      'Wrong offer',
    );

    const unknownOffer = await call('POST', '/negotiations', {
      ...counterParty(),
      datasetId: 'plots',
      offerId: 'nope',
    });
    expect(unknownOffer.status).toBe(404);
  });

  // A lone surrogate made encodeURIComponent throw on the way to the connector: 500.
  it.each([
    [
      'a transfer agreement id',
      '/transfers',
      () => ({ ...counterParty(), agreementId: 'agreement-\ud800' }),
      'body.agreementId',
    ],
    [
      'a negotiated offer id',
      '/negotiations',
      () => ({ ...counterParty(), datasetId: 'plots', offerId: 'offer\udc00' }),
      'body.offerId',
    ],
    [
      'a negotiated dataset id',
      '/negotiations',
      () => ({ ...counterParty(), datasetId: '\ud800', offerId: 'offer' }),
      'body.datasetId',
    ],
    ['a secret id', '/secrets', () => ({ id: 'key-\ud800', value: 'v' }), 'body.id'],
  ])('answers 400 naming the field for a lone surrogate in %s, never 500', async (_what, path, body, field) => {
    const response = await call<{ issues?: { path: string }[] }>('POST', path, body());
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.issues?.map((issue) => issue.path)).toContain(field);
  });

  it('stores, replaces and deletes secrets without ever showing a value back', async () => {
    const created = await call<TConsoleSecret>('POST', '/secrets', { id: 'storage-key', value: 's3cr3t-value' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: 'storage-key' });
    const duplicate = await call('POST', '/secrets', { id: 'storage-key', value: 'other' });
    expect(duplicate.status).toBe(409);
    const updated = await call<TConsoleSecret>('PUT', '/secrets/storage-key', { value: 'n3w-value' });
    expect(updated.status).toBe(200);
    expect(JSON.stringify(updated.body)).not.toContain('n3w-value');
    const stored = await createConnectorClient({ addresses: consumer.addresses, apiKey: API_KEY }).secrets.get(
      'storage-key',
    );
    expect(stored.value).toBe('n3w-value');
    expect((await call('DELETE', '/secrets/storage-key')).status).toBe(204);
    expect((await call('PUT', '/secrets/storage-key', { value: 'x' })).status).toBe(404);
  });
});
