import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FIRST_CARDS, ResultList } from './ResultList';
import { makeTestOffer } from './test-offer';

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
  it('draws a screenful of cards first and then every card of the page, in order', async () => {
    renderList(offers(100));
    const first = await screen.findAllByTestId('result-card');
    expect(first.length).toBeGreaterThanOrEqual(FIRST_CARDS);
    expect(first.length).toBeLessThan(100);
    await waitFor(() => expect(screen.getAllByTestId('result-card')).toHaveLength(100));
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(offers(100).map((offer) => offer.title));
  });

  it('starts again from a screenful when another page of offers comes in', async () => {
    renderWithProviders(<TwoPages />);
    await waitFor(() => expect(screen.getAllByTestId('result-card')).toHaveLength(60));
    await userEvent.click(screen.getByRole('button', { name: 'next' }));
    await waitFor(() => expect(screen.getAllByTestId('result-card')).toHaveLength(40));
    expect(screen.queryByText('first 0')).toBeNull();
    expect(screen.getByText('second 39')).toBeTruthy();
  });
});
