import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { errorAnswer, json } from '../../test/answers';
import { fakeFetch, sentBody } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render';
import { ConnectorConsolePage } from './ConnectorConsolePage';

const asset = (id: string) => ({
  id,
  name: `Asset ${id}`,
  description: null,
  contentType: 'text/csv',
  dataAddressType: 'HttpData',
  baseUrl: `https://data.example.org/${id}`,
  createdAt: null,
});

let assets: ReturnType<typeof asset>[];
let policies: { id: string; permittedActions: string[]; constraintCount: number }[];
let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  assets = [asset('weather')];
  policies = [];
  fetchMock = fakeFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/connectors/provider/health') {
      return json(200, {
        checks: ['health', 'liveness', 'readiness', 'startup'].map((name) => ({
          name,
          isHealthy: name !== 'readiness',
          components:
            name === 'readiness' ? [{ component: 'data plane', isHealthy: false, failure: 'No data plane' }] : [],
          error: null,
        })),
      });
    }
    if (url.startsWith('/api/connectors/provider/assets?')) {
      return json(200, { assets, offset: 0, limit: 20, hasMore: false });
    }
    if (url === '/api/connectors/provider/assets' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { id: string };
      if (assets.some((entry) => entry.id === body.id)) {
        return errorAnswer(409, 'CONFLICT', `duplicated resource: Asset ${body.id} already exists`);
      }
      assets = [...assets, asset(body.id)];
      return json(201, asset(body.id));
    }
    if (url.startsWith('/api/connectors/provider/assets/') && method === 'PUT') {
      const id = decodeURIComponent(url.split('/').at(-1) ?? '');
      const body = JSON.parse(String(init?.body)) as { name: string; baseUrl: string };
      assets = assets.map((entry) => (entry.id === id ? { ...entry, ...body } : entry));
      return json(
        200,
        assets.find((entry) => entry.id === id),
      );
    }
    if (url.startsWith('/api/connectors/provider/assets/') && method === 'DELETE') {
      assets = assets.filter((entry) => !url.endsWith(`/${entry.id}`));
      return json(204, null);
    }
    if (url === '/api/connectors/provider/policy-definitions' && method === 'GET') return json(200, policies);
    if (url === '/api/connectors/provider/policy-definitions' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { id: string; permissions?: { constraints: unknown[] }[] };
      const created = {
        id: body.id,
        permittedActions: ['use'],
        constraintCount: body.permissions?.[0]?.constraints.length ?? 0,
      };
      policies = [...policies, created];
      return json(201, created);
    }
    if (url === '/api/connectors/provider/catalog' && method === 'POST') {
      return json(200, {
        participantId: 'consumer',
        datasets: [
          {
            id: 'tides',
            name: 'Tide gauges',
            offers: [{ id: 'b2ZmZXI=:dGlkZXM=:MQ==', permittedActions: ['use'], constraintCount: 1 }],
          },
        ],
      });
    }
    if (url === '/api/connectors/provider/negotiations' && method === 'POST') {
      return json(201, {
        id: 'negotiation-7',
        type: 'CONSUMER',
        state: 'REQUESTING',
        isStateKnown: true,
        counterPartyId: 'consumer',
        counterPartyAddress: 'http://127.0.0.1:9/consumer/protocol',
        agreementId: null,
        errorDetail: null,
        createdAt: null,
      });
    }
    if (url === '/api/connectors/provider/negotiations' && method === 'GET') return json(200, []);
    if (url === '/api/connectors/provider/transfers' && method === 'GET') {
      return json(200, [
        {
          id: 'transfer-9',
          type: 'CONSUMER',
          state: 'SUCCESSFULL',
          isStateKnown: false,
          assetId: 'tides',
          agreementId: 'agreement-1',
          transferType: 'HttpData-PULL',
          errorDetail: null,
          createdAt: null,
        },
      ]);
    }
  });
});

const renderConsole = () =>
  renderWithProviders(
    <Routes>
      <Route path="/connectors/:connectorId" element={<ConnectorConsolePage />} />
    </Routes>,
    { url: '/connectors/provider' },
  );

describe('ConnectorConsolePage', () => {
  it('shows the four health checks and why one fails', async () => {
    renderConsole();
    expect(screen.getByRole('heading', { level: 1, name: 'Connector provider' })).toBeTruthy();
    const readiness = await screen.findByTestId('health-readiness');
    expect(within(readiness).getByText('Unhealthy')).toBeTruthy();
    expect(within(readiness).getByText('data plane: No data plane')).toBeTruthy();
    expect(within(screen.getByTestId('health-liveness')).getByText('Healthy')).toBeTruthy();
  });

  it('shows a connector that does not answer in time: every health check with the reason, and the assets panel', async () => {
    const timedOut = "The connector 'provider' (http://127.0.0.1:4000/provider) did not answer within 10 s";
    const healthy = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/connectors/provider/health') {
        return json(200, {
          checks: ['health', 'liveness', 'readiness', 'startup'].map((name) => ({
            name,
            isHealthy: false,
            components: [],
            error: 'The connector did not answer within 10 s',
          })),
        });
      }
      if (url.startsWith('/api/connectors/provider/assets?')) {
        return errorAnswer(504, 'GATEWAY_TIMEOUT', timedOut);
      }
      return healthy(input, init);
    });
    const user = userEvent.setup();
    renderConsole();
    const startup = await screen.findByTestId('health-startup');
    expect(within(startup).getByText('Unhealthy')).toBeTruthy();
    expect(within(startup).getByText('The connector did not answer within 10 s')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Assets' }));
    expect(await screen.findByText(timedOut)).toBeTruthy();
  });

  it('lists, creates and deletes assets, and shows the connector’s message for a taken id', async () => {
    const user = userEvent.setup();
    renderConsole();
    await user.click(screen.getByRole('tab', { name: 'Assets' }));
    expect(await screen.findByText('Asset weather')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Create an asset' });
    await user.type(within(form).getByRole('textbox', { name: /^Id/ }), 'weather');
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Again');
    await user.type(within(form).getByRole('textbox', { name: /^Data URL/ }), 'https://data.example.org/again');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('duplicated resource: Asset weather already exists')).toBeTruthy();

    await user.clear(within(form).getByRole('textbox', { name: /^Id/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Id/ }), 'tides');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Asset tides')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit tides' }));
    const editForm = screen.getByRole('form', { name: 'Edit the asset tides' });
    const name = within(editForm).getByRole('textbox', { name: /^Name/ });
    expect((name as HTMLInputElement).value).toBe('Asset tides');
    await user.clear(name);
    await user.type(name, 'Tide gauges');
    await user.click(within(editForm).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tide gauges')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete weather' }));
    await waitFor(() => expect(screen.queryByText('Asset weather')).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('builds a policy definition with a constraint in the form', async () => {
    const user = userEvent.setup();
    renderConsole();
    await user.click(screen.getByRole('tab', { name: 'Policy definitions' }));
    expect(await screen.findByText('No policy definitions.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Create a policy definition' });
    await user.type(within(form).getByRole('textbox', { name: /^Id/ }), 'germany-only');
    await user.click(within(form).getByRole('button', { name: 'Add a constraint' }));
    await user.type(within(form).getByRole('textbox', { name: /^Right operand/ }), 'DE');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('germany-only')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/policy-definitions')).toEqual({
      id: 'germany-only',
      permissions: [
        {
          action: 'use',
          constraints: [{ leftOperand: 'http://www.w3.org/ns/odrl/2/spatial', operator: 'eq', rightOperand: 'DE' }],
        },
      ],
    });
  });

  // A state EDC does not define (DataDashboard fixtures spell SUCCESSFULL) looked like a running transfer and was
  // polled every second for ever.
  it('marks a transfer state EDC does not define as unknown and stops asking about it', async () => {
    const user = userEvent.setup();
    renderConsole();
    await user.click(screen.getByRole('tab', { name: 'Negotiations and transfers' }));
    const row = await screen.findByTestId('console-transfer');
    expect(within(row).getByText('SUCCESSFULL (unknown state)')).toBeTruthy();
    const transferCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/transfers')).length;
    const before = transferCalls();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(transferCalls()).toBe(before);
  });

  it('requests another participant’s catalog and negotiates one of its offers', async () => {
    const user = userEvent.setup();
    renderConsole();
    await user.click(screen.getByRole('tab', { name: 'Catalog' }));
    const form = screen.getByRole('form', { name: 'Request the catalog' });
    await user.type(
      within(form).getByRole('textbox', { name: /^DSP address/ }),
      'http://127.0.0.1:9/consumer/protocol',
    );
    await user.type(within(form).getByRole('textbox', { name: /^Participant id/ }), 'consumer');
    await user.click(within(form).getByRole('button', { name: 'Request the catalog' }));
    await user.click(await screen.findByRole('button', { name: 'Negotiate tides' }));
    expect(await screen.findByText('Negotiation negotiation-7 started.')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST', '/negotiations')).toEqual({
      counterPartyAddress: 'http://127.0.0.1:9/consumer/protocol',
      counterPartyId: 'consumer',
      datasetId: 'tides',
      offerId: 'b2ZmZXI=:dGlkZXM=:MQ==',
    });
  });
});
