import { HOME_TOPICS } from '@dsm/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentLocation, renderWithProviders } from '../../test/render';
import { HomePage } from './HomePage';
import { parseResultsParams } from './read-url-filter';

describe('HomePage', () => {
  it('shows the heading and the 14 topic cards in order, as buttons', () => {
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your access to millions of datasets' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Browse categories' })).toBeTruthy();
    const cards = screen.getAllByTestId('topic-card');
    expect(cards).toHaveLength(HOME_TOPICS.length);
    expect(cards.map((card) => card.tagName)).toEqual(Array(14).fill('BUTTON'));
    expect(cards.map((card) => card.textContent)).toEqual([
      'Complete catalog',
      'Environment',
      'Law',
      'Geography',
      'Science',
      'Economics',
      'Social questions',
      'Politics',
      'Agriculture, forestry and fisheries',
      'Transport',
      'Education and communications',
      'Energy',
      'Employment and working conditions',
      'Geography',
    ]);
  });

  it('lists one category for a topic card', async () => {
    const view = renderWithProviders(<HomePage />);
    const card = screen.getAllByTestId('topic-card').find((button) => button.textContent === 'Transport');
    await userEvent.setup().click(card as HTMLElement);
    const url = currentLocation(view);
    expect(url.pathname).toBe('/results');
    expect(parseResultsParams(url.searchParams)).toMatchObject({
      terms: [],
      filter: { selectedCategories: ['TRANSPORT'], selectedKeywords: [] },
    });
  });

  it('lists everything for Complete Catalog', async () => {
    const view = renderWithProviders(<HomePage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Complete catalog' }));
    expect(screen.getByTestId('location').textContent).toBe('/results');
    expect(currentLocation(view).search).toBe('');
  });

  it('searches the typed terms', async () => {
    renderWithProviders(<HomePage />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search the catalogue' }), '"air quality" Leipzig{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/results?searchText=%22air+quality%22|Leipzig');
  });
});
