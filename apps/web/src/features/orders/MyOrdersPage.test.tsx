import type { TOrderListResponse } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { PHONE_QUERY } from '../../shared/FactCards';
import { errorAnswer } from '../../test/answers';
import { json, makeOrder } from '../../test/cart-test-data';
import { fakeFetch } from '../../test/fake-fetch';
import { fixedMediaQueryList } from '../../test/media-query';
import { renderWithProviders } from '../../test/render';
import { MyOrdersPage } from './MyOrdersPage';

const page = (orders = [makeOrder()], total = orders.length): TOrderListResponse => ({
  index: 0,
  pageSize: 10,
  total,
  data: orders,
});

let fetchMock: Mock<typeof fetch>;
let ordersAnswer: () => Response;

beforeEach(() => {
  ordersAnswer = () => json(200, page());
  fetchMock = fakeFetch(async (url) => {
    if (url.startsWith('/api/orders?')) return ordersAnswer();
    if (url.endsWith('/pdf')) return new Response(new Blob(['%PDF-1.3']), { status: 200 });
    if (url.endsWith('/xml')) return new Response(new Blob(['<Invoice/>']), { status: 200 });
    if (url.endsWith('/facturx')) return new Response(new Blob(['%PDF-1.7']), { status: 200 });
  });
});

describe('MyOrdersPage', () => {
  it('lists the orders with state, items, total, pay-by date and invoices', async () => {
    renderWithProviders(<MyOrdersPage />, { url: '/orders' });
    expect(screen.getByRole('heading', { level: 1, name: 'My orders' })).toBeTruthy();
    const order = await screen.findByTestId('order');
    expect(within(order).getByTestId('order-state').textContent).toBe('Invoiced');
    expect(within(order).getByRole('link', { name: 'Air quality in Leipzig' }).getAttribute('href')).toBe(
      '/offer/details/3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01',
    );
    expect(within(order).getByTestId('cart-total').textContent).toBe('14.88 €');
    expect(within(order).getByTestId('order-pay-by').textContent).toContain('04.04.2025');
    const invoice = within(order).getByTestId('invoice-row');
    expect(within(invoice).getByTestId('invoice-number').textContent).toBe('2025-000007');
    expect(within(invoice).getByTestId('invoice-state').textContent).toBe('Open');
    expect(invoice.textContent).toContain('14.88 €');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/orders?index=0&pageSize=10');
  });

  it('shows each invoice as a card on a phone, every fact named and its documents in reach', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => fixedMediaQueryList(query, query === PHONE_QUERY));
    renderWithProviders(<MyOrdersPage />, { url: '/orders' });
    const order = await screen.findByTestId('order');
    expect(within(order).queryByRole('table')).toBeNull();
    const invoices = within(order).getByRole('list', { name: 'Invoices' });
    const invoice = within(invoices).getByTestId('invoice-row');
    expect(within(invoice).getByRole('heading', { level: 3 }).textContent).toBe('2025-000007');
    expect(within(invoice).getByTestId('invoice-state').textContent).toBe('Open');
    const facts = [...invoice.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['Supplier', expect.any(String)],
      ['Due', expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/)],
      ['Amount', '14.88 €'],
    ]);
    await userEvent.setup().click(within(invoice).getByTestId('invoice-download'));
    await waitFor(() => expect(fetchMock.mock.calls.some((call) => String(call[0]).endsWith('/pdf'))).toBe(true));
  });

  it('downloads an invoice PDF with the API', async () => {
    const createObjectURL = vi.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderWithProviders(<MyOrdersPage />, { url: '/orders' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download invoice 2025-000007 as PDF' }));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/invoices/c0ffee00-0000-4000-8000-000000000001/pdf')).toBe(
      true,
    );
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('downloads the XRechnung e-invoice where the invoice has one', async () => {
    const createObjectURL = vi.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const order = makeOrder();
    const withXml = { ...order.invoices[0]!, xmlPath: `/api/invoices/${order.invoices[0]!.id}/xml` };
    ordersAnswer = () => json(200, page([{ ...order, invoices: [withXml] }]));
    renderWithProviders(<MyOrdersPage />, { url: '/orders' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download invoice 2025-000007 as XRechnung (XML)' }),
    );
    expect(fetchMock.mock.calls.some(([url]) => url === withXml.xmlPath)).toBe(true);
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('downloads the Factur-X PDF under its own file name where the invoice has one', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const order = makeOrder();
    const invoice = order.invoices[0]!;
    const withFacturX = {
      ...invoice,
      xmlPath: `/api/invoices/${invoice.id}/xml`,
      facturXPath: `/api/invoices/${invoice.id}/facturx`,
    };
    ordersAnswer = () => json(200, page([{ ...order, invoices: [withFacturX] }]));
    renderWithProviders(<MyOrdersPage />, { url: '/orders' });
    const row = await screen.findByTestId('invoice-row');
    // The three forms side by side: PDF, Factur-X, XRechnung.
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['PDF', 'Factur-X', 'XRechnung']);
    await userEvent.click(
      within(row).getByRole('button', { name: 'Download invoice 2025-000007 as Factur-X PDF (ZUGFeRD)' }),
    );
    expect(fetchMock.mock.calls.some(([url]) => url === withFacturX.facturXPath)).toBe(true);
    expect(clicked).toEqual(['invoice-2025-000007-factur-x.pdf']);
  });

  it('offers no e-invoice for an invoice without one', async () => {
    renderWithProviders(<MyOrdersPage />, { url: '/orders' });
    await screen.findByTestId('invoice-row');
    expect(screen.queryByTestId('invoice-download-xml')).toBeNull();
    expect(screen.queryByTestId('invoice-download-facturx')).toBeNull();
  });

  it('says when there are no orders yet', async () => {
    ordersAnswer = () => json(200, page([]));
    renderWithProviders(<MyOrdersPage />, { url: '/orders' });
    expect((await screen.findByTestId('empty-state')).textContent).toContain('You have not ordered anything yet');
  });

  it('shows a failed load with Retry, and retries', async () => {
    ordersAnswer = () => errorAnswer(503, 'SERVICE_UNAVAILABLE', 'Down');
    renderWithProviders(<MyOrdersPage />, { url: '/orders' });
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('Your orders could not be loaded');
    ordersAnswer = () => json(200, page());
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('order')).toBeTruthy();
  });

  it('shows a cancelled order without a pay-by date', async () => {
    const cancelled = makeOrder({ state: 'cancelled', cancelledAt: '2025-04-05T10:00:00.000Z' });
    cancelled.invoices[0]!.state = 'cancelled';
    ordersAnswer = () => json(200, page([cancelled]));
    renderWithProviders(<MyOrdersPage />, { url: '/orders' });
    const order = await screen.findByTestId('order');
    expect(within(order).getByTestId('order-state').textContent).toBe('Cancelled');
    expect(within(order).queryByTestId('order-pay-by')).toBeNull();
  });
});
