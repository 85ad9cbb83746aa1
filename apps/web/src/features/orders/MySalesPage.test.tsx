import type { TSale, TSalesResponse } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { errorAnswer } from '../../test/answers';
import { json, makeOrder } from '../../test/cart-test-data';
import { fakeFetch } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render';
import { makeCommissionInvoice } from './commission-invoice-test-data';
import { MySalesPage } from './MySalesPage';

const order = makeOrder();
const sale: TSale = {
  ...order.invoices[0]!,
  items: order.items,
  buyer: { id: 'buyer-1', name: 'Berta Buyer', email: 'berta@example.org' },
  commissionInvoice: null,
};
const withCommission: TSale = {
  ...sale,
  commissionInvoice: makeCommissionInvoice({
    invoiceId: sale.id,
    invoiceNumber: sale.number,
    issuedAt: sale.issuedAt,
    dueAt: sale.dueAt,
  }),
};

const agents = [{ '@id': 'org-1', name: 'City of Leipzig' }];
const answer = (data: TSale[], withAgents = agents): TSalesResponse => ({
  agents: withAgents,
  index: 0,
  pageSize: 20,
  total: data.length,
  data,
});

let fetchMock: Mock<typeof fetch>;
let salesAnswer: () => Response;

beforeEach(() => {
  salesAnswer = () => json(200, answer([sale]));
  fetchMock = fakeFetch(async (url, init) => {
    if (url.startsWith('/api/sales?')) return salesAnswer();
    if (url.endsWith('/pdf')) return new Response(new Blob(['%PDF-1.7']), { status: 200 });
    if (url === `/api/invoices/${sale.id}/paid` && init?.method === 'POST') {
      salesAnswer = () => json(200, answer([{ ...sale, state: 'paid', paidAt: '2025-03-10T10:00:00.000Z' }]));
      return json(200, { ...sale, state: 'paid', paidAt: '2025-03-10T10:00:00.000Z' });
    }
  });
});

describe('MySalesPage', () => {
  it('lists the invoices with buyer, items, commission and gross', async () => {
    renderWithProviders(<MySalesPage />, { url: '/sales' });
    expect(screen.getByRole('heading', { level: 1, name: 'My sales' })).toBeTruthy();
    const card = await screen.findByTestId('sale');
    expect(screen.getByTestId('sales-agents').textContent).toBe('You sell for: City of Leipzig');
    expect(within(card).getByRole('heading', { name: 'Invoice 2025-000007' })).toBeTruthy();
    expect(card.textContent).toContain('Buyer: Berta Buyer (berta@example.org)');
    expect(card.textContent).toContain('Air quality in Leipzig');
    expect(card.textContent).toContain('Less marketplace commission 10 %');
  });

  it('shows net, VAT, gross, commission and what the seller receives, adding up top to bottom', async () => {
    renderWithProviders(<MySalesPage />, { url: '/sales' });
    const amounts = within(await screen.findByTestId('sale')).getByTestId('sale-amounts');
    const lines = [...amounts.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(lines).toEqual([
      ['Net', '12.50 €'],
      ['VAT 19 %', '2.38 €'],
      ['Total paid by the buyer', '14.88 €'],
      ['Less VAT 19 % (to the tax office)', '-2.38 €'],
      ['Less marketplace commission 10 %', '-1.25 €'],
      ['You receive (net)', '11.25 €'],
    ]);
  });

  it("shows the marketplace's commission invoice of a sale and downloads its PDF", async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:commission');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    salesAnswer = () => json(200, answer([withCommission]));
    renderWithProviders(<MySalesPage />, { url: '/sales' });
    const commission = await screen.findByTestId('commission-invoice');
    expect(commission.textContent).toContain('Commission invoice PROV-2025-000003 from the marketplace: 1.49 €');
    await userEvent.click(
      within(commission).getByRole('button', { name: 'Download commission invoice PROV-2025-000003 as PDF' }),
    );
    expect(fetchMock.mock.calls.some(([url]) => url === withCommission.commissionInvoice!.pdfPath)).toBe(true);
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('shows no commission invoice for a sale without one, and a cancelled one as cancelled', async () => {
    const cancelled = {
      ...withCommission,
      commissionInvoice: { ...withCommission.commissionInvoice!, state: 'cancelled' as const },
    };
    salesAnswer = () => json(200, answer([sale]));
    const { unmount } = renderWithProviders(<MySalesPage />, { url: '/sales' });
    await screen.findByTestId('sale');
    expect(screen.queryByTestId('commission-invoice')).toBeNull();
    unmount();
    salesAnswer = () => json(200, answer([cancelled]));
    renderWithProviders(<MySalesPage />, { url: '/sales' });
    expect((await screen.findByTestId('commission-invoice')).textContent).toContain('(cancelled with the sale)');
  });

  it('shows a commission invoice cancelled by its cancellation invoice, and downloads that', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:cancellation');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const path = `/api/commission-invoices/${withCommission.commissionInvoice!.id}/cancellation/pdf`;
    salesAnswer = () =>
      json(
        200,
        answer([
          {
            ...withCommission,
            commissionInvoice: {
              ...withCommission.commissionInvoice!,
              state: 'cancelled',
              cancelledAt: '2025-04-05T10:00:00.000Z',
              cancellationNumber: 'PROV-2025-000009',
              cancellationPdfPath: path,
            },
          },
        ]),
      );
    renderWithProviders(<MySalesPage />, { url: '/sales' });
    const commission = await screen.findByTestId('commission-invoice');
    expect(commission.textContent).toContain('(cancelled by PROV-2025-000009)');
    await userEvent.click(
      within(commission).getByRole('button', { name: 'Download cancellation invoice PROV-2025-000009 as PDF' }),
    );
    expect(fetchMock.mock.calls.some(([url]) => url === path)).toBe(true);
  });

  it('marks an invoice paid after confirmation', async () => {
    renderWithProviders(<MySalesPage />, { url: '/sales' });
    await userEvent.click(await screen.findByTestId('mark-paid'));
    const dialog = screen.getByRole('dialog', { name: 'Mark invoice 2025-000007 as paid?' });
    expect(dialog.textContent).toContain('14.88 € from Berta Buyer');
    await userEvent.click(within(dialog).getByTestId('confirm-mark-paid'));
    expect((await screen.findByTestId('global-alert')).textContent).toBe('Invoice 2025-000007 is marked as paid.');
    await waitFor(() =>
      expect(within(screen.getByTestId('sale')).getByTestId('invoice-state').textContent).toBe('Paid'),
    );
    expect(screen.queryByTestId('mark-paid')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('explains that a user who sells for no publisher has no sales', async () => {
    salesAnswer = () => json(200, answer([], []));
    renderWithProviders(<MySalesPage />, { url: '/sales' });
    expect((await screen.findByTestId('empty-state')).textContent).toContain('You do not sell for any publisher yet');
  });

  it('shows an error alert when marking paid fails, and keeps the invoice open', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        return errorAnswer(409, 'CONFLICT', 'Invoice was cancelled');
      }
      return String(input).startsWith('/api/sales?') ? salesAnswer() : json(404, {});
    });
    renderWithProviders(<MySalesPage />, { url: '/sales' });
    await userEvent.click(await screen.findByTestId('mark-paid'));
    await userEvent.click(screen.getByTestId('confirm-mark-paid'));
    const alert = await screen.findByTestId('global-alert');
    expect(alert.textContent).toBe('Invoice was cancelled');
    expect(alert.getAttribute('data-type')).toBe('error');
    expect(within(screen.getByTestId('sale')).getByTestId('invoice-state').textContent).toBe('Open');
  });
});
