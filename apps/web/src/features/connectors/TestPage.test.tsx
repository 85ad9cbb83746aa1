import type { TConnectorListResponse, TConnectorOffer, TConnectorOfferListResponse } from '@dsm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { json } from '../../test/answers';
import { currentLocation, renderWithProviders } from '../../test/render';
import { TestPage } from './TestPage';

const failure = (status: number, code: string, message: string) =>
  json(status, { statusCode: status, code, error: 'Error', message });

const CONNECTORS: TConnectorListResponse = {
  dtos: [
    { name: 'Consumer sandbox', url: 'http://127.0.0.1:4001/consumer' },
    { name: 'Provider sandbox', url: 'http://127.0.0.1:4000/provider' },
  ],
};

const WEATHER: TConnectorOffer = {
  id: 'open-weather-data',
  name: 'Weather station readings 2024',
  accessType: 'DATA',
  contentType: 'DIRECT',
  assets: [
    {
      id: 'weather-stations-2024',
      name: 'Weather station readings 2024',
      type: 'text/csv',
      connectionType: 'HttpData',
      baseUrl: 'https://data.example.org/weather/stations-2024.csv',
      isAccessRestricted: false,
    },
  ],
  accessPolicies: [
    {
      definitionId: 'members-only',
      id: 'members-only',
      name: 'members-only',
      description: 'Permits use when membership eq active.',
      createdAt: 1,
      permissions: [],
      prohibitions: [],
      obligations: [],
    },
  ],
  contractPolicies: [
    {
      definitionId: 'research-only',
      id: 'research-only',
      name: 'research-only',
      description: 'Permits use when purpose eq research; prohibits distribute.',
      createdAt: 1,
      permissions: [],
      prohibitions: [],
      obligations: [],
    },
  ],
};

const PROVIDER_OFFERS: TConnectorOfferListResponse = {
  connector: { id: 'provider', name: 'Provider sandbox', url: 'http://127.0.0.1:4000/provider' },
  offers: [WEATHER, { ...WEATHER, id: 'inline', name: 'Air quality Leipzig', assets: [] }],
};

let answers: Record<string, () => Response>;
let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  answers = {
    'GET /api/connectors': () => json(200, CONNECTORS),
    'GET /api/connectors/provider/offers': () => json(200, PROVIDER_OFFERS),
    'GET /api/connectors/consumer/offers': () =>
      json(200, { connector: { ...PROVIDER_OFFERS.connector, id: 'consumer' }, offers: [] }),
    'POST /api/metadata': () => json(201, { id: '3f1c9a52-6c1e-5b0a-9d2e-1a2b3c4d5e6f', title: WEATHER.name }),
  };
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    return answers[key]?.() ?? failure(404, 'NOT_FOUND', `no answer for ${key}`);
  }) as Mock<typeof fetch>;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  const select = await screen.findByRole('combobox', { name: label });
  await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
  await user.click(select);
  await user.click(await screen.findByRole('option', { name: option }));
}

function uploadCalls() {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/metadata' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

describe('TestPage', () => {
  it('lists connectors and offers, shows the chosen offer and uploads it', async () => {
    const view = renderWithProviders(<TestPage />, { url: '/test' });
    expect(screen.getByRole('heading', { level: 1, name: 'Connector test page' })).toBeTruthy();
    const upload = screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);

    await choose('Choose Connector', 'Provider sandbox');
    await choose('Choose Offer to Upload', 'Weather station readings 2024 (open-weather-data)');
    expect(currentLocation(view).search).toBe('?connector=provider&offer=open-weather-data');

    const details = screen.getByRole('region', { name: 'Offer details' });
    expect(within(details).getByTestId('offer-id').textContent).toBe('open-weather-data');
    expect(within(details).getByTestId('offer-name').textContent).toBe('Weather station readings 2024');
    const policies = within(details)
      .getAllByTestId('offer-policy')
      .map((item) => item.textContent);
    expect(policies).toEqual([
      'members-onlyAccess policyPermits use when membership eq active.',
      'research-onlyContract policyPermits use when purpose eq research; prohibits distribute.',
    ]);
    const [asset] = within(details).getAllByTestId('offer-asset');
    expect(within(asset!).getByText('HttpData')).toBeTruthy();
    expect(within(asset!).getByText('https://data.example.org/weather/stations-2024.csv')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByTestId('global-alert')).textContent).toBe(
      'Offer “Weather station readings 2024” uploaded: search for it by its title to find it.',
    );
    expect(screen.getByTestId('global-alert').dataset.type).toBe('success');
    expect(uploadCalls()).toEqual([{ connectorId: 'provider', offerId: 'open-weather-data' }]);
    const result = screen.getByTestId('upload-result');
    expect(within(result).getByRole('link', { name: 'Find it in search' }).getAttribute('href')).toBe(
      '/results?searchText=%22Weather+station+readings+2024%22',
    );
    expect(within(result).getByRole('link', { name: 'Open the offer' }).getAttribute('href')).toBe(
      '/offer/details/3f1c9a52-6c1e-5b0a-9d2e-1a2b3c4d5e6f',
    );
  });

  it("says that an asset's address is shown to buyers when the server withheld it", async () => {
    const paid = {
      ...WEATHER,
      id: 'dsm-paid',
      name: 'Paid gauges',
      assets: [{ ...WEATHER.assets[0]!, id: 'dsm-paid-0', baseUrl: null, isAccessRestricted: true }],
    };
    answers['GET /api/connectors/provider/offers'] = () => json(200, { ...PROVIDER_OFFERS, offers: [paid] });
    renderWithProviders(<TestPage />, { url: '/test?connector=provider&offer=dsm-paid' });
    const details = await screen.findByRole('region', { name: 'Offer details' });
    const [asset] = within(details).getAllByTestId('offer-asset');
    expect(within(asset!).getByText('Shown to buyers of the offer')).toBeTruthy();
    expect(within(asset!).queryByText('—')).toBeNull();
  });

  it('opens the connector and offer a link names', async () => {
    renderWithProviders(<TestPage />, { url: '/test?connector=provider&offer=inline' });
    expect((await screen.findByTestId('offer-name')).textContent).toBe('Air quality Leipzig');
    expect(screen.getByText('The offer selects no assets.')).toBeTruthy();
  });

  it('shows the server message in an error alert when the upload fails', async () => {
    answers['POST /api/metadata'] = () =>
      failure(
        409,
        'CONFLICT',
        "The offer 'open-weather-data' of the connector 'Provider sandbox' is in the catalogue already",
      );
    renderWithProviders(<TestPage />, { url: '/test?connector=provider&offer=open-weather-data' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Upload' }));
    const alert = await screen.findByTestId('global-alert');
    expect(alert.dataset.type).toBe('error');
    expect(alert.textContent).toBe(
      "The offer 'open-weather-data' of the connector 'Provider sandbox' is in the catalogue already",
    );
    expect(screen.queryByTestId('upload-result')).toBeNull();
  });

  it('says so on the page when the connector of the link is not in the list', async () => {
    renderWithProviders(<TestPage />, { url: '/test?connector=ghost&offer=x' });
    expect((await screen.findByTestId('test-page-not-found')).textContent).toBe(
      'The connector “ghost” is not in the list of connectors. Choose another one.',
    );
    expect(console.warn).toHaveBeenCalledWith("Connector 'ghost' not found in the connector list");
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/connectors']);
  });

  it('says so on the page when the offer of the link is not among the offers', async () => {
    renderWithProviders(<TestPage />, { url: '/test?connector=provider&offer=gone' });
    expect((await screen.findByTestId('test-page-not-found')).textContent).toBe(
      'The offer “gone” is not among the offers of this connector. Choose another one.',
    );
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows why the offers could not be loaded, with a retry', async () => {
    let calls = 0;
    answers['GET /api/connectors/provider/offers'] = () => {
      calls += 1;
      return calls === 1
        ? failure(
            503,
            'SERVICE_UNAVAILABLE',
            "The connector 'Provider sandbox' cannot be reached: something went wrong",
          )
        : json(200, PROVIDER_OFFERS);
    };
    renderWithProviders(<TestPage />, { url: '/test?connector=provider' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("The connector 'Provider sandbox' cannot be reached: something went wrong");
    expect(screen.getByRole('combobox', { name: 'Choose Offer to Upload' }).getAttribute('placeholder')).toBe(
      'The offers could not be loaded',
    );
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Choose Offer to Upload' }).getAttribute('placeholder')).toBe(
        'Pick an offer',
      ),
    );
  });

  it('shows a connector that timed out or answered garbage as a message, never a page that keeps loading', async () => {
    const timedOut = "The connector 'Provider sandbox' (http://127.0.0.1:4000/provider) did not answer within 10 s";
    const garbage =
      "The connector 'Provider sandbox' (http://127.0.0.1:4000/provider) answered with something that is not JSON";
    let calls = 0;
    answers['GET /api/connectors/provider/offers'] = () => {
      calls += 1;
      return calls === 1 ? failure(504, 'GATEWAY_TIMEOUT', timedOut) : failure(502, 'BAD_GATEWAY', garbage);
    };
    renderWithProviders(<TestPage />, { url: '/test?connector=provider' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(timedOut);
    expect(screen.getByRole('combobox', { name: 'Choose Offer to Upload' }).getAttribute('placeholder')).toBe(
      'The offers could not be loaded',
    );
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(garbage));
    expect(screen.getByRole('combobox', { name: 'Choose Offer to Upload' }).getAttribute('placeholder')).toBe(
      'The offers could not be loaded',
    );
  });

  it('shows why the connectors could not be loaded', async () => {
    answers['GET /api/connectors'] = () =>
      failure(503, 'SERVICE_UNAVAILABLE', 'The catalogue is unavailable; retry shortly');
    renderWithProviders(<TestPage />, { url: '/test' });
    expect((await screen.findByRole('alert')).textContent).toContain('The catalogue is unavailable; retry shortly');
  });

  it('says when there are no connectors, and when a connector offers nothing', async () => {
    answers['GET /api/connectors'] = () => json(200, { dtos: [] });
    const first = renderWithProviders(<TestPage />, { url: '/test' });
    expect(await screen.findByText('No connectors are registered.')).toBeTruthy();
    first.unmount();

    answers['GET /api/connectors'] = () => json(200, CONNECTORS);
    renderWithProviders(<TestPage />, { url: '/test?connector=consumer' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Choose Offer to Upload' }).getAttribute('placeholder')).toBe(
        'This connector offers nothing yet',
      ),
    );
  });

  it('shows the loading state while the connectors arrive', async () => {
    // An answer that never comes keeps the page loading.
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    renderWithProviders(<TestPage />, { url: '/test' });
    const select = screen.getByRole('combobox', { name: 'Choose Connector' }) as HTMLInputElement;
    expect(select.disabled).toBe(true);
    expect(select.getAttribute('placeholder')).toBe('Loading connectors…');
    expect(screen.getByRole('combobox', { name: 'Choose Offer to Upload' }).getAttribute('placeholder')).toBe(
      'Choose a connector first',
    );
  });
});
