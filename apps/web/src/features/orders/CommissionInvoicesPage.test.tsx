import type { TCommissionInvoice, TCommissionInvoiceListResponse } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { errorAnswer } from '../../test/answers';
import { json } from '../../test/cart-test-data';
import { fakeFetch } from '../../test/fake-fetch';
import { renderWithProviders } from '../../test/render';
import { CommissionInvoicesPage } from './CommissionInvoicesPage';
import { makeCommissionInvoice } from './commission-invoice-test-data';

const open: TCommissionInvoice = makeCommissionInvoice();
const cancelled: TCommissionInvoice = {
  ...open,
  id: 'c0ffee00-0000-4000-8000-0000000000c2',
  number: 'PROV-2025-000004',
  state: 'cancelled',
  cancelledAt: '2025-04-05T10:00:00.000Z',
  cancellationNumber: 'PROV-2025-000008',
  pdfPath: '/api/commission-invoices/c0ffee00-0000-4000-8000-0000000000c2/pdf',
  cancellationPdfPath: '/api/commission-invoices/c0ffee00-0000-4000-8000-0000000000c2/cancellation/pdf',
};

const answer = (data: TCommissionInvoice[], isOperator: boolean): TCommissionInvoiceListResponse => ({
  index: 0,
  pageSize: 20,
  total: data.length,
  isOperator,
  data,
});

let fetchMock: Mock<typeof fetch>;
let listAnswer: () => Response;
let paidAnswer: () => Response;

beforeEach(() => {
  listAnswer = () => json(200, answer([open, cancelled], true));
  paidAnswer = () => json(200, { ...open, state: 'paid', paidAt: '2025-03-20T10:00:00.000Z' });
  fetchMock = fakeFetch(async (url, init) => {
    if (url.startsWith('/api/commission-invoices?')) return listAnswer();
    if (url === `/api/commission-invoices/${open.id}/paid` && init?.method === 'POST') {
      const paid = paidAnswer();
      if (paid.ok) listAnswer = () => json(200, answer([{ ...open, state: 'paid' }, cancelled], true));
      return paid;
    }
  });
});

describe('CommissionInvoicesPage', () => {
  it('lets the operator mark an open commission invoice paid, and shows a cancelled one with its cancellation invoice', async () => {
    renderWithProviders(<CommissionInvoicesPage />, { url: '/commission-invoices' });
    expect(screen.getByRole('heading', { level: 1, name: 'Commission invoices' })).toBeTruthy();
    const [first, second] = await screen.findAllByTestId('commission-invoice-card');
    expect(
      screen.getByText("All of the marketplace's commission invoices. Record here when a supplier has paid."),
    ).toBeTruthy();
    expect(first!.textContent).toContain('Commission 10 % on invoice 3F2A9C1B-2025-000007');
    expect(first!.textContent).toContain('To City of Leipzig');
    expect(within(second!).getByTestId('commission-cancelled-by').textContent).toBe('cancelled by PROV-2025-000008');
    expect(within(second!).queryByTestId('mark-commission-paid')).toBeNull();
    expect(
      within(second!).getByRole('button', { name: 'Download cancellation invoice PROV-2025-000008 as PDF' }),
    ).toBeTruthy();

    await userEvent.click(within(first!).getByTestId('mark-commission-paid'));
    expect((await screen.findByTestId('global-alert')).textContent).toBe(
      'Commission invoice PROV-2025-000003 is marked as paid.',
    );
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('commission-invoice-card')[0]!).getByTestId('invoice-state').textContent,
      ).toBe('Paid'),
    );
    expect(screen.queryByTestId('mark-commission-paid')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('shows why marking paid was refused, for one cancelled meanwhile', async () => {
    paidAnswer = () =>
      errorAnswer(
        409,
        'CONFLICT',
        'Commission invoice PROV-2025-000003 was cancelled by PROV-2025-000009 and cannot be paid',
      );
    renderWithProviders(<CommissionInvoicesPage />, { url: '/commission-invoices' });
    const [first] = await screen.findAllByTestId('commission-invoice-card');
    await userEvent.click(within(first!).getByTestId('mark-commission-paid'));
    const alert = await screen.findByTestId('global-alert');
    expect(alert.getAttribute('data-type')).toBe('error');
    expect(alert.textContent).toContain('was cancelled by PROV-2025-000009');
  });

  it("shows a supplier its own commission invoices without the operator's action", async () => {
    listAnswer = () => json(200, answer([open], false));
    renderWithProviders(<CommissionInvoicesPage />, { url: '/commission-invoices' });
    await screen.findByTestId('commission-invoice-card');
    expect(screen.getByText("The marketplace's invoices of its commission on your sales.")).toBeTruthy();
    expect(screen.queryByTestId('mark-commission-paid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download commission invoice PROV-2025-000003 as PDF' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Download commission invoice PROV-2025-000003 as Factur-X PDF (ZUGFeRD)' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Download commission invoice PROV-2025-000003 as XRechnung (XML)' }),
    ).toBeTruthy();
  });

  it('offers no e-invoice of a commission invoice that has none (no buyer organisation at issue)', async () => {
    listAnswer = () =>
      json(200, answer([makeCommissionInvoice({ buyerParty: null, xmlPath: null, facturXPath: null })], false));
    renderWithProviders(<CommissionInvoicesPage />, { url: '/commission-invoices' });
    const card = await screen.findByTestId('commission-invoice-card');
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Commission invoice']);
  });

  it('says so when there are none', async () => {
    listAnswer = () => json(200, answer([], false));
    renderWithProviders(<CommissionInvoicesPage />, { url: '/commission-invoices' });
    expect(await screen.findByText('No commission invoices yet')).toBeTruthy();
  });
});
