import { encodePublisherId, type TLicence } from '@dsm/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makeTestOffer } from '../../test/test-offer';
import { ResultCard } from './ResultCard';

const LICENCES: TLicence[] = [
  {
    licenceId: 'CC-BY-4.0',
    licenceTitle: 'Creative Commons Attribution 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    mappings: ['cc-by-4.0'],
  },
  { licenceId: 'dl-de/zero-2-0', licenceTitle: 'Datenlizenz Deutschland Zero 2.0', licenceUrl: '', mappings: [] },
];

describe('ResultCard', () => {
  it("names the publisher under the card, linking to the publisher's page, and the formats in the card", () => {
    const offer = makeTestOffer({ sizes: [1, 2] });
    offer.datasets[0]!['dcat:distribution'][1]!['dcterms:format'] = 'json';
    renderWithProviders(<ResultCard offer={offer} licences={LICENCES} />);
    const publisher = screen.getByTestId('result-publisher');
    expect(publisher.textContent).toBe('Publisher: City of Leipzig');
    expect(within(publisher).getByRole('link', { name: 'City of Leipzig' }).getAttribute('href')).toBe(
      `/publisher/${encodePublisherId('org-1')}`,
    );
    // Not inside the card's own link: each link is reachable on its own.
    expect(
      within(screen.getByRole('link', { name: 'Air quality in Leipzig' })).queryByTestId('result-publisher'),
    ).toBeNull();
    expect(screen.getByTestId('offer-formats').textContent).toBe('CSV, JSON');
  });

  it('names formats as people know them, not in the capitals a catalogue stored', () => {
    const offer = makeTestOffer({ sizes: [1, 2, 3] });
    const [first, second, third] = offer.datasets[0]!['dcat:distribution'];
    first!['dcterms:format'] = 'GEOJSON';
    second!['dcterms:format'] = 'geojson';
    third!['dcterms:format'] = 'xlsx';
    renderWithProviders(<ResultCard offer={offer} licences={LICENCES} />);
    expect(screen.getByTestId('offer-formats').textContent).toBe('GeoJSON, XLSX');
  });

  it('shows title, description, price, real size, modified date and licence, and links to the details', () => {
    const offer = makeTestOffer({
      paymentModel: 'SUBSCRIPTION_BASED',
      price: 12.5,
      sizes: [1024 ** 2, 512 * 1024],
      licences: ['cc-by-4.0', 'CC-BY-4.0'],
      modified: new Date(2024, 2, 5, 7, 9).toISOString(),
    });
    renderWithProviders(<ResultCard offer={offer} licences={LICENCES} />);
    const link = screen.getByRole('link', { name: 'Air quality in Leipzig' });
    expect(link.getAttribute('href')).toBe(`/offer/details/${offer['@id']}`);
    expect(screen.getByRole('article', { name: 'Air quality in Leipzig' })).toBeTruthy();
    // Right under the page's h1 (heading order).
    expect(screen.getByRole('heading', { level: 2, name: 'Air quality in Leipzig' })).toBeTruthy();
    const card = within(link);
    expect(card.getByText('Hourly measurements.')).toBeTruthy();
    expect(card.getByTestId('payment-label').textContent).toBe('12.50 € / month');
    expect(card.getByTestId('offer-size').textContent).toBe('1.50 MB');
    expect(card.getByText('Updated:')).toBeTruthy();
    expect(card.getByTestId('offer-updated').textContent).toBe('05.03.2024 07:09');
    expect(card.getByTestId('offer-licence').textContent).toBe('Creative Commons Attribution 4.0');
  });

  it("follows the first of several licences with ', ...'", () => {
    const offer = makeTestOffer({ sizes: [1, 2], licences: ['CC-BY-4.0', 'dl-de/zero-2-0'] });
    renderWithProviders(<ResultCard offer={offer} licences={LICENCES} />);
    expect(screen.getByTestId('offer-licence').textContent).toBe('Creative Commons Attribution 4.0, ...');
  });

  it("says 'Free', 'n/a', N/A and a dash when price, licence, date and size are not there", () => {
    const offer = makeTestOffer({ sizes: [null], licences: ['home-made licence'], modified: 'yesterday' });
    renderWithProviders(<ResultCard offer={offer} licences={LICENCES} />);
    expect(screen.getByTestId('payment-label').textContent).toBe('Free');
    expect(screen.getByTestId('offer-licence').textContent).toBe('n/a');
    expect(screen.getByTestId('offer-updated').textContent).toBe('N/A');
    expect(screen.getByTestId('offer-size').textContent).toBe('—');
  });

  it('prices a download with two decimals and the euro sign', () => {
    renderWithProviders(
      <ResultCard offer={makeTestOffer({ paymentModel: 'PAY_PER_USE_DOWNLOAD', price: 3 })} licences={LICENCES} />,
    );
    expect(screen.getByTestId('payment-label').textContent).toBe('3.00 € / download');
  });

  it('names the other catalogues holding a copy of the dataset, each a link to its details', () => {
    const offer = makeTestOffer({});
    renderWithProviders(
      <ResultCard
        offer={offer}
        licences={LICENCES}
        copies={{
          offerId: offer['@id'],
          total: 12,
          copies: [
            { offerId: 'copy-1', publisher: 'State Portal' },
            { offerId: 'copy-2', publisher: null },
          ],
        }}
      />,
    );
    const line = screen.getByTestId('result-copies');
    expect(line.textContent).toBe('Also in 12 other catalogues: State Portal, Unknown publisher and 10 more');
    expect(within(line).getByRole('link', { name: 'State Portal' }).getAttribute('href')).toBe('/offer/details/copy-1');
  });

  it('says nothing of copies when there are none', () => {
    renderWithProviders(<ResultCard offer={makeTestOffer({})} licences={LICENCES} />);
    expect(screen.queryByTestId('result-copies')).toBeNull();
  });
});
