import type { TAcquisitionUsageResponse, TEntitlementUsage, TSalesUsageResponse } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { PHONE_QUERY } from '../../shared/FactCards';
import { errorAnswer, json } from '../../test/answers';
import { fakeFetch } from '../../test/fake-fetch';
import { fixedMediaQueryList } from '../../test/media-query';
import { renderWithProviders } from '../../test/render';
import { AcquisitionUsagePanel } from './AcquisitionUsagePanel';
import { SalesUsagePanel } from './SalesUsagePanel';

const period = { from: '2026-10-31T23:00:00.000Z', to: '2026-11-30T23:00:00.000Z' };

const entitlement = (overrides: Partial<TEntitlementUsage>): TEntitlementUsage => ({
  entitlementId: '11111111-0000-4000-8000-000000000001',
  offerId: '22222222-0000-4000-8000-000000000001',
  title: 'Buoy readings',
  providerName: 'Tarif Daten',
  paymentModel: 'PAY_PER_USE_DOWNLOAD',
  unitPrice: 0.99,
  priceUnit: 'download',
  startsAt: '2026-11-02T10:00:00.000Z',
  endsAt: null,
  cancelledAt: null,
  isActive: true,
  canCancel: false,
  requests: 4,
  downloads: 3,
  bytes: 1_000,
  quantity: 3,
  costSoFar: 2.97,
  invoice: null,
  ...overrides,
});

const SUBSCRIPTION = entitlement({
  entitlementId: '11111111-0000-4000-8000-000000000002',
  title: 'Harbour feed',
  paymentModel: 'SUBSCRIPTION_BASED',
  unitPrice: 5,
  priceUnit: 'month',
  endsAt: '2026-12-02T10:00:00.000Z',
  canCancel: true,
  requests: 0,
  downloads: 0,
  bytes: 0,
  quantity: null,
  costSoFar: 5,
  invoice: {
    id: '77777777-0000-4000-8000-000000000001',
    number: '2026-000042',
    state: 'paid',
    issuedAt: '2026-11-02T10:00:00.000Z',
    dueAt: '2026-12-02T10:00:00.000Z',
    paidAt: '2026-11-05T10:00:00.000Z',
    gross: 5.95,
    pdfPath: '/api/invoices/77777777-0000-4000-8000-000000000001/pdf',
  },
});
const VOLUME = entitlement({
  entitlementId: '11111111-0000-4000-8000-000000000003',
  title: 'Radar stream',
  paymentModel: 'DATA_VOLUME_BASED',
  unitPrice: 0.05,
  priceUnit: 'MB',
  requests: 2,
  downloads: 0,
  bytes: 1_234_567,
  quantity: 1.235,
  costSoFar: 0.06,
});

let usage: () => Response;
let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  const answer: TAcquisitionUsageResponse = { period, entitlements: [SUBSCRIPTION, entitlement({}), VOLUME] };
  usage = () => json(200, answer);
  fetchMock = fakeFetch(async (url, init) => {
    if (url === '/api/acquisitions/usage') return usage();
    if (url === `/api/subscriptions/${SUBSCRIPTION.entitlementId}/cancel` && init?.method === 'POST') {
      const cancelled = { ...SUBSCRIPTION, cancelledAt: '2026-11-20T10:00:00.000Z', canCancel: false };
      usage = () => json(200, { period, entitlements: [cancelled] });
      return json(200, cancelled);
    }
    if (url === '/api/sales/usage') {
      const sales: TSalesUsageResponse = {
        period,
        offers: [
          {
            offerId: VOLUME.offerId,
            title: 'Radar stream',
            paymentModel: 'DATA_VOLUME_BASED',
            price: 0.05,
            priceUnit: 'MB',
            buyers: 2,
            requests: 12,
            downloads: 0,
            bytes: 2_500_000,
          },
        ],
      };
      return json(200, sales);
    }
  });
});

describe('AcquisitionUsagePanel', () => {
  it("shows each entitlement's usage this month and its cost so far, in the unit it is priced in", async () => {
    renderWithProviders(<AcquisitionUsagePanel />, { url: '/acquisition' });
    expect(screen.getByRole('status', { name: 'Loading usage…' })).toBeTruthy();
    const cards = await screen.findAllByTestId('entitlement-usage');
    expect(cards).toHaveLength(3);
    const [subscription, download, volume] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(screen.getByTestId('usage-period').textContent).toBe('01.11.2026 – 30.11.2026');

    expect(subscription.textContent).toContain('5.00 € / month');
    expect(within(subscription).getByTestId('entitlement-state').textContent).toBe(
      'Paid until 02.12.2026; renews then',
    );
    expect(within(subscription).getByTestId('usage-cost').textContent).toBe('5.00 €');

    expect(download.textContent).toContain('0.99 € / download');
    expect(within(download).getByTestId('usage-downloads').textContent).toBe('3');
    expect(within(download).getByTestId('usage-requests').textContent).toBe('4');
    expect(within(download).getByTestId('usage-cost').textContent).toBe('2.97 €');
    expect(within(download).queryByTestId('cancel-subscription')).toBeNull();

    expect(volume.textContent).toContain('0.05 € / MB');
    expect(within(volume).getByTestId('usage-volume').textContent).toBe('1.235 MB');
    expect(within(volume).getByTestId('usage-cost').textContent).toBe('0.06 €');
    expect(volume.textContent).toContain('1 MB = 1,000,000 bytes');
  });

  it('calls a subscription paid only when its invoice is, and says when it is open or overdue', async () => {
    for (const [state, text] of [
      ['open', 'Runs until 02.12.2026; invoice 2026-000042 is not paid yet'],
      ['overdue', 'Runs until 02.12.2026; invoice 2026-000042 is overdue'],
    ] as const) {
      const entry = { ...SUBSCRIPTION, invoice: { ...SUBSCRIPTION.invoice!, state, paidAt: null } };
      usage = () => json(200, { period, entitlements: [entry] });
      const view = renderWithProviders(<AcquisitionUsagePanel />, { url: '/acquisition' });
      expect((await screen.findByTestId('entitlement-state')).textContent).toBe(text);
      view.unmount();
    }
  });

  it('cancels a subscription after confirmation and then shows when access ends', async () => {
    renderWithProviders(<AcquisitionUsagePanel />, { url: '/acquisition' });
    await userEvent.click(await screen.findByTestId('cancel-subscription'));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the subscription to Harbour feed?' });
    expect(dialog.textContent).toContain('You keep access until 02.12.2026.');
    await userEvent.click(within(dialog).getByTestId('confirm-cancel-subscription'));
    await waitFor(() =>
      expect(screen.getByTestId('entitlement-state').textContent).toBe('Cancelled: access ends on 02.12.2026'),
    );
    expect(screen.queryByTestId('cancel-subscription')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/subscriptions/${SUBSCRIPTION.entitlementId}/cancel`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('says so when nothing is in use, and offers a retry when loading fails', async () => {
    usage = () => json(200, { period, entitlements: [] });
    const { unmount } = renderWithProviders(<AcquisitionUsagePanel />, { url: '/acquisition' });
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Nothing in use yet');
    unmount();

    usage = () => errorAnswer(500, 'INTERNAL', 'down');
    renderWithProviders(<AcquisitionUsagePanel />, { url: '/acquisition' });
    const error = await screen.findByTestId('load-error', {}, { timeout: 5000 });
    expect(error.textContent).toContain('Usage could not be loaded');
    usage = () => json(200, { period, entitlements: [VOLUME] });
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('entitlement-usage')).toHaveLength(1);
  });
});

describe('SalesUsagePanel', () => {
  it("lists each offer's buyers, downloads, volume in MB and requests this month", async () => {
    renderWithProviders(<SalesUsagePanel />, { url: '/sales' });
    const row = await screen.findByTestId('offer-usage');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(within(row).getByRole('rowheader').textContent).toBe('Radar stream');
    expect(cells).toEqual(['0.05 € / MB', '2', '0', '2.500 MB', '12']);
  });

  it('shows each offer as a card on a phone, every figure named, none off the screen', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => fixedMediaQueryList(query, query === PHONE_QUERY));
    renderWithProviders(<SalesUsagePanel />, { url: '/sales' });
    const card = await screen.findByTestId('offer-usage-card');
    expect(screen.queryByTestId('sales-usage-table')).toBeNull();
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Radar stream');
    const facts = [...card.querySelectorAll('dt')].map(
      (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
    );
    expect(facts).toEqual(['Price: 0.05 € / MB', 'Buyers: 2', 'Downloads: 0', 'Data volume: 2.500 MB', 'Requests: 12']);
  });
});
