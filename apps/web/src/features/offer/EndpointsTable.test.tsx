import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../shared/FactCards';
import { fixedMediaQueryList } from '../../test/media-query';
import { renderWithProviders } from '../../test/render';
import { makeTestItem } from '../../test/test-item';
import { EndpointsTable } from './EndpointsTable';
import { endpointRows } from './endpoint-rows';

const LICENCES = [
  {
    licenceId: 'CC-BY-4.0',
    licenceTitle: 'Creative Commons Attribution 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    mappings: [],
  },
];

function screenWidth(width: 'phone' | 'wide') {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
    fixedMediaQueryList(query, width === 'phone' && query === PHONE_QUERY),
  );
}

const rows = endpointRows(
  makeTestItem({
    sizes: [1, 2],
    links: ['https://data.example.org/a.csv', null],
    checks: [{ status: 'online', byteSize: 2048, httpStatus: 200 }, { status: 'missing' }],
  }),
  LICENCES,
);

describe('EndpointsTable', () => {
  it('shows each endpoint as a card on a phone, with its status and both actions', async () => {
    screenWidth('phone');
    const onShowLink = vi.fn();
    renderWithProviders(<EndpointsTable rows={rows} onShowLink={onShowLink} />);
    expect(screen.queryByTestId('endpoints-table')).toBeNull();
    const cards = screen.getAllByTestId('endpoint-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 3, name: 'File 0' })).toBeTruthy();
    expect(first.getByTestId('endpoint-status').textContent).toMatch(/^Online/);
    expect(first.getByTestId('endpoint-link').textContent).toBe('https://data.example.org/a.csv');
    expect(first.getByText('Creative Commons Attribution 4.0')).toBeTruthy();
    expect(within(cards[1]!).getByTestId('endpoint-link-missing')).toBeTruthy();
    await userEvent.click(first.getByRole('button', { name: 'Show link: File 0' }));
    expect(onShowLink).toHaveBeenCalledWith(rows[0]);
    expect(first.getByRole('link', { name: 'Go to license: File 0 (opens in a new tab)' }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by/4.0/',
    );
  });

  it('keeps the table on a wide screen', () => {
    screenWidth('wide');
    renderWithProviders(<EndpointsTable rows={rows} onShowLink={() => {}} />);
    expect(screen.getByTestId('endpoints-table')).toBeTruthy();
    expect(screen.getAllByTestId('endpoint-row')).toHaveLength(2);
    expect(screen.queryByTestId('endpoint-cards')).toBeNull();
  });
});
