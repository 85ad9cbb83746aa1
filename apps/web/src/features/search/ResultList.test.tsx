import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makeTestOffer } from '../../test/test-offer';
import { ResultList } from './ResultList';

const offers = (count: number, prefix = 'offer') =>
  Array.from({ length: count }, (_, i) => makeTestOffer({ '@id': `${prefix}-${i}`, title: `${prefix} ${i}` }));

/** A settled page of these offers. */
function PageOf({ list }: { list: ReturnType<typeof offers> }) {
  return (
    <ResultList
      offers={list}
      licences={[]}
      pageSize={list.length}
      isStale={false}
      errorText={null}
      onRetry={() => {}}
      onClearFilters={() => {}}
    />
  );
}

const renderList = (list: ReturnType<typeof offers>) => renderWithProviders(<PageOf list={list} />);

/** A list whose offers a button swaps for another page's. */
function TwoPages() {
  const [list, setList] = useState(() => offers(60, 'first'));
  return (
    <>
      <button type="button" onClick={() => setList(offers(40, 'second'))}>
        next
      </button>
      <PageOf list={list} />
    </>
  );
}

describe('ResultList', () => {
  it('draws a short page whole, each card saying its place', async () => {
    renderList(offers(10));
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items.map((item) => item.getAttribute('aria-posinset'))).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
    expect(items[0]?.getAttribute('aria-setsize')).toBe('10');
  });

  it('draws only the cards around the screen of a page of 1,000, in order, each saying its place of 1,000', async () => {
    renderList(offers(1000));
    const cards = await screen.findAllByTestId('result-card');
    expect(cards.length).toBeGreaterThan(0);
    // Happy DOM lays nothing out (every card 0 px high): a screen holds some dozens, far from 1,000.
    expect(cards.length).toBeLessThan(100);
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(offers(cards.length).map((offer) => offer.title));
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(items[0]?.getAttribute('aria-setsize')).toBe('1000');
  });

  it('shows the new cards when another page of offers comes in', async () => {
    renderWithProviders(<TwoPages />);
    expect(await screen.findByText('first 0')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    await waitFor(() => expect(screen.queryByText('first 0')).toBeNull());
    expect(screen.getByText('second 0')).toBeTruthy();
    expect(screen.getAllByRole('listitem')[0]?.getAttribute('aria-setsize')).toBe('40');
  });
});
