import type { TApiKey, TBilledInvoice, TDelivery } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { errorAnswer, json } from '../../test/answers';
import { fakeFetch } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render';
import { makeTestItem } from '../../test/test-item';
import { AcquisitionsPage } from './AcquisitionsPage';

const makeDelivery = (overrides: Partial<TDelivery>): TDelivery => ({
  id: '44444444-0000-4000-8000-000000000001',
  orderId: '55555555-0000-4000-8000-000000000001',
  offerId: BOUGHT['@id'],
  step: 'NEGOTIATING',
  consumerConnectorId: 'consumer',
  providerConnectorId: 'provider',
  assetId: `dsm-${BOUGHT['@id']}-0`,
  negotiation: { id: 'negotiation-1', state: 'REQUESTED' },
  agreementId: null,
  transfer: null,
  error: null,
  createdAt: '2025-06-01T09:31:00.000Z',
  updatedAt: '2025-06-01T09:31:00.000Z',
  ...overrides,
});

/** What the next read of a running delivery answers. */
function nextStep(delivery: TDelivery): TDelivery {
  if (delivery.step === 'NEGOTIATING') {
    return { ...delivery, step: 'TRANSFERRING', negotiation: { id: 'negotiation-1', state: 'FINALIZED' } };
  }
  if (delivery.step === 'TRANSFERRING')
    return { ...delivery, step: 'READY', transfer: { id: 't-1', state: 'STARTED' } };
  return delivery;
}

const BOUGHT = makeTestItem({ '@id': '22222222-0000-4000-8000-000000000001', title: 'Parking occupancy feed' });
const LIKED = makeTestItem({ '@id': '33333333-0000-4000-8000-000000000001', title: 'Groundwater levels' });

let acquisitions: unknown[];
/** The bought offer, acquired on 1 June 2025 for direct download and not billed, with `overrides`. */
const acquired = (overrides: Record<string, unknown> = {}) => ({
  acquiredAt: new Date(2025, 5, 1, 9, 30).toISOString(),
  offer: BOUGHT,
  isDeliveredByConnector: false,
  accessType: 'DIRECT',
  isDeliveredByApi: false,
  invoices: [],
  ...overrides,
});
let likedIds: string[];
let deliveries: TDelivery[];
let fetchMock: Mock<typeof fetch>;
/** How the download link's HEAD and the connector data download answer. */
let headStatus: number;
let dataAnswer: () => Response;
let apiKeys: TApiKey[];
const OPEN_INVOICE: TBilledInvoice = {
  id: '77777777-0000-4000-8000-000000000001',
  number: '2025-000042',
  state: 'open',
  issuedAt: '2025-06-01T09:31:00.000Z',
  dueAt: '2025-07-01T09:31:00.000Z',
  paidAt: null,
  gross: 5.95,
  pdfPath: '/api/invoices/77777777-0000-4000-8000-000000000001/pdf',
};
const GATEWAY_URL = `http://localhost/gateway/${'22222222-0000-4000-8000-000000000001'}`;
const SECRET = 'dsm_0a1b2c3d_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

beforeEach(() => {
  acquisitions = [acquired()];
  deliveries = [];
  likedIds = [];
  headStatus = 200;
  dataAnswer = () => new Response('gauge,level\n', { status: 200 });
  apiKeys = [];
  fetchMock = fakeFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/acquisitions') return json(200, acquisitions);
    if (url === OPEN_INVOICE.pdfPath) return new Response(new Blob(['%PDF-1.7']), { status: 200 });
    if (url === '/api/deliveries' && method === 'GET') {
      const answer = json(200, deliveries);
      // The server moves a delivery on when it is read; here each read moves it one step.
      deliveries = deliveries.map(nextStep);
      return answer;
    }
    if (url === '/api/deliveries' && method === 'POST') {
      deliveries = [makeDelivery({})];
      return json(201, deliveries[0]);
    }
    if (url === `/api/offers/${BOUGHT['@id']}/endpoints/0/download-link` && method === 'POST') {
      return json(201, {
        path: '/download/v1.abc.def',
        url: 'http://localhost/download/v1.abc.def',
        expiresAt: '2025-06-01T09:35:00.000Z',
        fileName: 'File 0.csv',
      });
    }
    if (url === '/download/v1.abc.def' && method === 'HEAD') return new Response(null, { status: headStatus });
    if (url.endsWith('/data')) return dataAnswer();
    const keysPath = `/api/acquisitions/${BOUGHT['@id']}/api-keys`;
    if (url === keysPath && method === 'GET')
      return json(200, { gatewayUrl: GATEWAY_URL, isEntitled: true, keys: apiKeys });
    if (url === keysPath && method === 'POST') {
      const key: TApiKey = {
        id: '66666666-0000-4000-8000-000000000001',
        prefix: 'dsm_0a1b2c3d',
        createdAt: '2025-06-01T09:40:00.000Z',
        rotatedAt: null,
        revokedAt: null,
        isActive: true,
      };
      apiKeys = [key];
      return json(201, { key, secret: SECRET, gatewayUrl: GATEWAY_URL });
    }
    if (url === `${keysPath}/66666666-0000-4000-8000-000000000001` && method === 'DELETE') {
      apiKeys = apiKeys.map((key) => ({ ...key, isActive: false, revokedAt: '2025-06-01T09:45:00.000Z' }));
      return json(200, apiKeys[0]);
    }
    if (url === '/api/metadata/like' && method === 'GET') return json(200, likedIds);
    if (url.startsWith('/api/metadata?batchIds=')) {
      const ids = decodeURIComponent(url.split('=')[1] ?? '').split(',');
      return json(
        200,
        [LIKED, BOUGHT].filter((item) => ids.includes(item['@id'])),
      );
    }
    if (url.startsWith('/api/metadata/like?uuid=') && method === 'DELETE') {
      likedIds = likedIds.filter((id) => !url.endsWith(encodeURIComponent(id)));
      return json(200, { uuid: LIKED['@id'], isLiked: false, likes: 0 });
    }
    if (url.startsWith('/api/metadata/like?uuid=') && method === 'POST') {
      likedIds = [BOUGHT['@id']];
      return json(200, { uuid: BOUGHT['@id'], isLiked: true, likes: 1 });
    }
  });
});

describe('AcquisitionsPage', () => {
  it('lists the liked offers with a filled heart that removes the like', async () => {
    likedIds = [LIKED['@id']];
    renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    const likedSection = screen.getByRole('region', { name: 'Liked offers' });
    const card = await within(likedSection).findByTestId('offer-card');
    expect(within(card).getByRole('link', { name: 'Groundwater levels' }).getAttribute('href')).toBe(
      `/offer/details/${LIKED['@id']}`,
    );
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Unlike Groundwater levels' }));
    await waitFor(() => expect(within(likedSection).queryByTestId('offer-card')).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('lists the purchased offers under their own heading with when they were acquired', async () => {
    renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    expect(screen.getByRole('heading', { level: 1, name: 'My Acquisitions' })).toBeTruthy();
    const purchasedSection = screen.getByRole('region', { name: 'Purchased offers' });
    const card = await within(purchasedSection).findByTestId('offer-card');
    expect(within(card).getByRole('link', { name: 'Parking occupancy feed' }).getAttribute('href')).toBe(
      `/offer/details/${BOUGHT['@id']}`,
    );
    expect(within(card).getByText('Acquired 01.06.2025 09:30')).toBeTruthy();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Like Parking occupancy feed' }));
    await waitFor(() =>
      expect(
        within(card).getByRole('button', { name: 'Unlike Parking occupancy feed' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('shows both empty states when nothing was liked or bought', async () => {
    acquisitions = [];
    renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    expect(await screen.findByText('No acquisitions yet')).toBeTruthy();
    expect(await screen.findByText('No liked offers yet')).toBeTruthy();
  });

  it('requests access to a bought Connector offer and follows the delivery until the data can be downloaded', async () => {
    acquisitions = [acquired({ isDeliveredByConnector: true, accessType: 'CONNECTOR' })];
    renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    const purchasedSection = screen.getByRole('region', { name: 'Purchased offers' });
    const request = await within(purchasedSection).findByRole('button', {
      name: 'Request access to Parking occupancy feed',
    });
    await userEvent.setup().click(request);
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/deliveries' && init?.method === 'POST')).toBe(true);
    expect(
      await within(purchasedSection).findByText('Contract negotiation: FINALIZED', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(
      await within(purchasedSection).findByRole(
        'button',
        { name: 'Download the data of Parking occupancy feed' },
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(within(purchasedSection).getByText('Transfer: STARTED')).toBeTruthy();
    expect(
      within(purchasedSection).queryByRole('button', { name: 'Request access to Parking occupancy feed' }),
    ).toBeNull();
  });

  it('shows why a delivery failed and offers to request access again', async () => {
    acquisitions = [acquired({ isDeliveredByConnector: true, accessType: 'CONNECTOR' })];
    deliveries = [
      makeDelivery({
        step: 'FAILED',
        negotiation: { id: 'negotiation-1', state: 'TERMINATED' },
        error: 'The negotiation was terminated: Budget withdrawn',
      }),
    ];
    renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    expect(
      await screen.findByText(
        'The delivery through the data space did not succeed. Request access again; if it fails again, contact the supplier.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Details: The negotiation was terminated: Budget withdrawn')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request access to Parking occupancy feed' }).textContent).toBe(
      'Request access again',
    );
  });

  it('shows a failed download of a ready delivery in words with what to do, never as raw JSON or next to Data ready', async () => {
    acquisitions = [acquired({ isDeliveredByConnector: true, accessType: 'CONNECTOR' })];
    deliveries = [makeDelivery({ step: 'READY', transfer: { id: 't-1', state: 'STARTED' } })];
    dataAnswer = () =>
      errorAnswer(
        502,
        'BAD_GATEWAY',
        'The connector answered with a failure: [{"message":"upstream 500","type":"BadGateway"}]',
      );
    renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    const panel = await screen.findByTestId('delivery-panel');
    expect((await within(panel).findByTestId('delivery-step')).textContent).toBe('Data ready');
    await userEvent
      .setup()
      .click(within(panel).getByRole('button', { name: 'Download the data of Parking occupancy feed' }));
    const problem = await within(panel).findByTestId('delivery-problem');
    expect(problem.textContent).toContain(
      "The supplier's data source did not deliver the data. Try again in a few minutes; if it keeps failing, contact the supplier.",
    );
    expect(panel.textContent).not.toContain('{');
    expect(within(panel).getByTestId('delivery-step').textContent).toBe('Download failed');
    expect(panel.textContent).not.toContain('Data ready');
  });

  it('downloads each endpoint of a bought Direct offer through a signed link', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    const panel = await screen.findByTestId('download-panel');
    expect(within(panel).getByText('File 0 (CSV)')).toBeTruthy();
    await userEvent
      .setup()
      .click(within(panel).getByRole('button', { name: 'Download File 0 of Parking occupancy feed' }));
    expect(await within(panel).findByText('The download of File 0 has started.')).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.getAttribute('href')).toBe('/download/v1.abc.def');
    expect(anchor.download).toBe('File 0.csv');
  });

  it('says what to do when the source of a Direct download fails, and starts no download', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    headStatus = 502;
    renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    const panel = await screen.findByTestId('download-panel');
    await userEvent
      .setup()
      .click(within(panel).getByRole('button', { name: 'Download File 0 of Parking occupancy feed' }));
    const problem = await within(panel).findByTestId('download-problem');
    expect(problem.textContent).toContain("The supplier's data source did not deliver the data.");
    expect(problem.textContent).not.toContain('502');
    expect(click).not.toHaveBeenCalled();
  });

  it('offers no delivery for an offer that is not delivered through a connector', async () => {
    renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    await screen.findByTestId('offer-card');
    expect(screen.queryByTestId('delivery-panel')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/deliveries')).toBe(false);
  });

  it('gives a bought Api offer an API access panel: a key shown once with a curl call, revoked after asking', async () => {
    acquisitions = [acquired({ isDeliveredByApi: true, accessType: 'API' })];
    const user = userEvent.setup();
    renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    const panel = await screen.findByRole('region', { name: 'API access Parking occupancy feed' });
    expect(await within(panel).findByText('You have no API key yet.')).toBeTruthy();
    expect(within(panel).getByTestId('api-gateway-url').textContent).toBe(GATEWAY_URL);
    expect(within(panel).getByTestId('api-curl-example').textContent).toContain('YOUR_API_KEY');

    await user.click(within(panel).getByRole('button', { name: 'Create an API key for Parking occupancy feed' }));
    expect((await within(panel).findByTestId('api-key-secret')).textContent).toBe(SECRET);
    expect(within(panel).getByText(/it will not be shown again/)).toBeTruthy();
    expect(within(panel).getByTestId('api-curl-example').textContent).toBe(
      `curl -H "X-API-Key: ${SECRET}" "${GATEWAY_URL}/"`,
    );
    expect(await within(panel).findByText('Active')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Revoke the API key dsm_0a1b2c3d' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the API key?' });
    await user.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    expect(await within(panel).findByText('Revoked')).toBeTruthy();
    expect(within(panel).queryByTestId('api-key-secret')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('says how to get the data of a bought Api subscription and that its invoice is still open, with the invoice to download', async () => {
    acquisitions = [acquired({ isDeliveredByApi: true, accessType: 'API', invoices: [OPEN_INVOICE] })];
    renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    const box = await screen.findByRole('region', { name: 'Payment and access: Parking occupancy feed' });
    expect(within(box).getByTestId('acquisition-payment-summary').textContent).toBe(
      'Open: 5.95 € still to pay (1 invoice).',
    );
    const line = within(box).getByTestId('acquisition-invoice');
    expect(line.textContent).toContain('Open');
    expect(line.textContent).toContain('Invoice 2025-000042, 5.95 €');
    expect(line.textContent).toContain('due on 01.07.2025');
    expect(within(box).getByTestId('acquisition-access-hint').textContent).toContain(
      'call the API through the marketplace with your personal API key',
    );
    // The API access itself is there too, with its curl call.
    const panel = await screen.findByRole('region', { name: /^API access/ });
    expect(await within(panel).findByTestId('api-curl-example')).toBeTruthy();

    await userEvent.click(within(line).getByRole('button', { name: 'Download invoice 2025-000042 as PDF' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === OPEN_INVOICE.pdfPath)).toBe(true));
  });

  it('states an overdue invoice as overdue, a paid one as paid, and a free offer as nothing to pay', async () => {
    acquisitions = [acquired({ invoices: [{ ...OPEN_INVOICE, state: 'overdue' }] })];
    const view = renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    expect((await screen.findByTestId('acquisition-invoice')).textContent).toContain('overdue since 01.07.2025');
    expect(screen.getByTestId('acquisition-access-hint').textContent).toContain('download each file');
    view.unmount();

    acquisitions = [acquired({ invoices: [{ ...OPEN_INVOICE, state: 'paid', paidAt: '2025-06-03T10:00:00.000Z' }] })];
    const paid = renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    expect((await screen.findByTestId('acquisition-payment-summary')).textContent).toBe('Paid: nothing is open.');
    expect(screen.getByTestId('acquisition-invoice').textContent).toContain('paid on 03.06.2025');
    paid.unmount();

    acquisitions = [acquired()];
    renderWithProviders(<AcquisitionsPage />, { url: '/acquisition' });
    expect((await screen.findByTestId('acquisition-payment-summary')).textContent).toBe(
      'Nothing billed: there is nothing to pay.',
    );
    expect(screen.queryByTestId('acquisition-invoice')).toBeNull();
  });
});
