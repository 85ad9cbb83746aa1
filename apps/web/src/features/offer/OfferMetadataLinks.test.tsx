import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { OfferMetadataLinks } from './OfferMetadataLinks';

const ID = '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01';
let fetchMock: Mock<typeof fetch>;
let downloads: { name: string; href: string }[];

beforeEach(() => {
  downloads = [];
  fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('format=rdfxml')) {
      return new Response(
        JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', error: 'x', message: 'The catalogue is busy.' }),
        {
          status: 503,
          headers: { 'content-type': 'application/json' },
        },
      );
    }
    return new Response('<urn:a> <urn:b> <urn:c> .', { status: 200, headers: { 'content-type': 'text/turtle' } });
  }) as Mock<typeof fetch>;
  URL.createObjectURL = vi.fn(() => 'blob:metadata');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) downloads.push({ name: this.download, href: this.href });
  });
});

describe('OfferMetadataLinks', () => {
  it("links the offer's DCAT-AP record in three formats, and downloads one with the API's answer", async () => {
    renderWithProviders(<OfferMetadataLinks offerId={ID} />);
    const turtle = screen.getByRole('link', { name: 'Download the metadata as Turtle' });
    expect(turtle.getAttribute('href')).toBe(`/api/catalog/${ID}?format=turtle`);
    expect(screen.getByRole('link', { name: 'Download the metadata as JSON-LD' }).getAttribute('href')).toBe(
      `/api/catalog/${ID}?format=jsonld`,
    );
    expect(screen.getByRole('link', { name: 'Download the metadata as RDF/XML' }).getAttribute('href')).toBe(
      `/api/catalog/${ID}?format=rdfxml`,
    );
    await userEvent.click(turtle);
    await waitFor(() => expect(downloads).toEqual([{ name: `offer-${ID}.ttl`, href: 'blob:metadata' }]));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([`/api/catalog/${ID}?format=turtle`]);
  });

  it('says why a download failed, in the page', async () => {
    renderWithProviders(<OfferMetadataLinks offerId={ID} />);
    await userEvent.click(screen.getByRole('link', { name: 'Download the metadata as RDF/XML' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The catalogue is busy.');
    expect(downloads).toEqual([]);
  });

  it('shows curl calls for the metadata and the search API, each with a copy button', () => {
    renderWithProviders(<OfferMetadataLinks offerId={ID} />);
    expect(screen.getByTestId('api-call-metadata').textContent).toBe(
      `curl -H "Authorization: Bearer $TOKEN" "${window.location.origin}/api/catalog/${ID}?format=turtle"`,
    );
    expect(screen.getByTestId('api-call-search').textContent).toContain(
      `"${window.location.origin}/api/search?query=climate"`,
    );
    expect(screen.getAllByRole('button', { name: /^Copy: / })).toHaveLength(2);
  });
});
