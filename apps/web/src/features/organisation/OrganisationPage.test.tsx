import type { TOwnOrganisationResponse } from '@dsm/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { json } from '../../test/cart-test-data';
import { fakeFetch } from '../../test/fake-fetch';
import { fillIn } from '../../test/fill-in';
import { renderWithProviders } from '../../test/render';
import { OrganisationPage } from './OrganisationPage';

const EMPTY: TOwnOrganisationResponse = {
  organisation: null,
  canBuy: false,
  canSell: false,
  missingToSell: ['vatId', 'iban', 'bic'],
};

let fetchMock: Mock<typeof fetch>;
let saved: unknown[];

beforeEach(() => {
  saved = [];
  fetchMock = fakeFetch(async (url, init) => {
    if (url === '/api/profile/organisation' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      saved.push(body);
      return json(200, {
        organisation: {
          id: 'org-1',
          updatedAt: '2025-03-05T10:00:00.000Z',
          ...body,
          iban: body.iban!.replace(/ /g, ''),
        },
        canBuy: true,
        canSell: true,
        missingToSell: [],
      });
    }
    if (url === '/api/profile/organisation') return json(200, EMPTY);
  });
});

describe('OrganisationPage', () => {
  it('shows what is wrong at each field and sends nothing until the VAT ID and the bank account are valid', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OrganisationPage />, { url: '/profile/organisation' });
    expect(screen.getByRole('heading', { level: 1, name: 'Organisation' })).toBeTruthy();
    expect((await screen.findByTestId('organisation-status')).textContent).toContain('No organisation yet');

    await fillIn(user, {
      'Legal name': 'Muster Daten GmbH',
      'Street and number': 'Königsallee 1',
      'Postal code': '40212',
      City: 'Düsseldorf',
      'Contact e-mail': 'billing@muster.example',
      'VAT ID': 'DE12345678',
      IBAN: 'DE89 3704 0044 0532 0130 00',
    });
    await user.click(screen.getByTestId('organisation-save'));

    expect(await screen.findByText('Not a valid VAT ID of the chosen country')).toBeTruthy();
    expect(screen.getByText('An IBAN needs a BIC')).toBeTruthy();
    expect(screen.getByLabelText(/^VAT ID/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Legal name/).getAttribute('aria-invalid')).not.toBe('true');
    expect(saved).toEqual([]);

    await fillIn(user, { 'VAT ID': 'DE136695976', BIC: 'COBADEFFXXX' });
    await user.click(screen.getByTestId('organisation-save'));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      legalName: 'Muster Daten GmbH',
      country: 'DE',
      vatId: 'DE136695976',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    });
    expect(await screen.findByText('Organisation saved.')).toBeTruthy();
    expect(screen.getByTestId('organisation-status').textContent).toContain('Complete');
    expect(screen.queryByText('Not a valid VAT ID of the chosen country')).toBeNull();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('takes an optional contact telephone and says when it is not one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OrganisationPage />, { url: '/profile/organisation' });
    await screen.findByTestId('organisation-form');
    const phone = screen.getByLabelText(/^Contact phone/);
    expect(phone.getAttribute('type')).toBe('tel');
    await user.type(phone, 'call me');
    await user.click(screen.getByTestId('organisation-save'));
    expect(await screen.findByText('Enter a telephone number, e.g. +49 211 123456')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);
  });

  it('names a required field left empty', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OrganisationPage />, { url: '/profile/organisation' });
    await screen.findByTestId('organisation-form');
    await user.click(screen.getByTestId('organisation-save'));
    // Legal name, street, postal code and city; the empty e-mail is not an e-mail address.
    expect(await screen.findAllByText('Required')).toHaveLength(4);
    expect(screen.getByText('Enter an e-mail address')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
