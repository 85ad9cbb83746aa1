import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../shared/FactCards';
import { fixedMediaQueryList } from '../../test/media-query';
import { renderWithProviders } from '../../test/render';
import { EndpointsStep, type TEndpointsStepProps } from './EndpointsStep';
import { EMPTY_ASSET_INFO } from './form-cache';

// Mantine's growing text areas listen for web fonts, which happy-dom does not provide.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

function screenWidth(width: 'phone' | 'wide') {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
    fixedMediaQueryList(query, width === 'phone' && query === PHONE_QUERY),
  );
}

const ENDPOINTS = [
  {
    ...EMPTY_ASSET_INFO,
    endpointTitle: 'Water levels 2024',
    mimeType: 'text/csv',
    format: 'CSV',
    accessUrl: 'https://data.example.org/api/water-levels/2024/all-stations.csv',
    filesize: 12,
    sizeUnit: 'MB',
    isPublicSample: true,
  },
  {
    ...EMPTY_ASSET_INFO,
    endpointTitle: 'Live gauge API',
    mimeType: 'application/json',
    format: 'JSON',
    accessUrl: 'https://api.example.org/gauges',
    credentialHeader: 'X-API-Key',
    credentialKeepFrom: 1,
  },
];

function renderStep(overrides: Partial<TEndpointsStepProps> = {}) {
  const props: TEndpointsStepProps = {
    draft: EMPTY_ASSET_INFO,
    endpoints: ENDPOINTS,
    errors: {},
    isConnector: false,
    isApi: true,
    connectorId: '',
    connectorOptions: [],
    onChange: vi.fn(),
    onAdd: vi.fn(),
    onRemove: vi.fn(),
    onCredentialChange: vi.fn(),
    onConnectorChange: vi.fn(),
    ...overrides,
  };
  renderWithProviders(<EndpointsStep {...props} />);
  return props;
}

/** Tabs from the start of the page until the element has the focus; fails when it never does. */
async function tabTo(user: ReturnType<typeof userEvent.setup>, element: HTMLElement) {
  for (let presses = 0; presses < 60 && document.activeElement !== element; presses += 1) await user.tab();
  expect(document.activeElement).toBe(element);
}

describe('the wizard endpoints step', () => {
  it('shows each endpoint as a card on a phone, with every fact and no table to scroll sideways', () => {
    screenWidth('phone');
    renderStep();
    expect(screen.queryByTestId('endpoints-table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Endpoints of this offer' });
    const cards = within(list).getAllByTestId('endpoint-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('heading', { level: 3 }).textContent).toBe('Water levels 2024Sample');
    const facts = (card: HTMLElement) =>
      [...card.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts(cards[0] as HTMLElement)).toEqual([
      ['Mime type', 'text/csv'],
      ['Format', 'CSV'],
      ['Access URL', 'https://data.example.org/api/water-levels/2024/all-stations.csv'],
      ['Size', '12 MB'],
      ['Gateway credential', 'NoneSet'],
    ]);
    expect(facts(cards[1] as HTMLElement)[4]).toEqual(['Gateway credential', 'X-API-KeySecret setReplaceRemove']);
  });

  it('reaches and runs every action of the cards by keyboard', async () => {
    screenWidth('phone');
    const props = renderStep();
    const user = userEvent.setup();
    const second = within(screen.getAllByTestId('endpoint-card')[1] as HTMLElement);

    await tabTo(user, second.getByRole('button', { name: 'Remove the gateway credential of Live gauge API' }));
    await user.keyboard('{Enter}');
    expect(props.onCredentialChange).toHaveBeenCalledWith(1, {
      credentialHeader: '',
      credentialSecret: '',
      credentialKeepFrom: -1,
    });

    await tabTo(user, second.getByRole('button', { name: 'Remove endpoint: Live gauge API' }));
    await user.keyboard(' ');
    expect(props.onRemove).toHaveBeenCalledWith(1);

    await tabTo(user, second.getByRole('button', { name: 'Set or replace the gateway credential of Live gauge API' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Gateway credential' })).toBeTruthy();
  });

  it('says there are no endpoints yet on a phone too', () => {
    screenWidth('phone');
    renderStep({ endpoints: [] });
    expect(screen.queryByRole('list', { name: 'Endpoints of this offer' })).toBeNull();
    expect(screen.getByText(/^No endpoints added yet/)).toBeTruthy();
  });

  it('keeps the table on a wide screen', () => {
    screenWidth('wide');
    renderStep();
    const table = screen.getByTestId('endpoints-table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByTestId('endpoint-card')).toBeNull();
    expect(within(table).getByRole('button', { name: 'Remove Water levels 2024' })).toBeTruthy();
  });
});
