import type { TSuggestResponse } from '@dsm/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { useDemoMode } from '../../shared/DemoModeProvider';
import { renderWithProviders } from '../../test/render';
import { SearchBar } from './SearchBar';

function DemoMarker() {
  const { isDemoMode } = useDemoMode();
  return <span data-testid="demo">{String(isDemoMode)}</span>;
}

function setup(terms: string[] = []) {
  const onSearch = vi.fn();
  const onShowCompleteCatalog = vi.fn();
  renderWithProviders(
    <>
      <SearchBar terms={terms} onSearch={onSearch} onShowCompleteCatalog={onShowCompleteCatalog} />
      <DemoMarker />
    </>,
  );
  const input = screen.getByRole('textbox', { name: 'Search the catalogue' });
  return { onSearch, onShowCompleteCatalog, input, user: userEvent.setup() };
}

describe('SearchBar', () => {
  it('shows the placeholder, the Search button and the complete catalogue button', () => {
    const { input } = setup();
    expect(input).toHaveProperty('placeholder', 'Type to search');
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'show complete catalog' })).toBeTruthy();
  });

  it('adds typed words to the accumulated terms and searches on Enter', async () => {
    const { input, user, onSearch } = setup(['air']);
    await user.type(input, 'water  soil{Enter}');
    expect(onSearch).toHaveBeenCalledWith(['air', 'water', 'soil']);
    expect(input).toHaveProperty('value', '');
  });

  it('keeps a quoted phrase together, quotes included', async () => {
    const { input, user, onSearch } = setup();
    await user.type(input, '"air quality" Leipzig');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith(['"air quality"', 'Leipzig']);
  });

  it('ignores a term that is there already', async () => {
    const { input, user, onSearch } = setup(['air']);
    await user.type(input, 'air air{Enter}');
    expect(onSearch).toHaveBeenCalledWith(['air']);
  });

  it('shows the terms as tags that can be removed', async () => {
    const { user, onSearch } = setup(['air', 'water']);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['air', 'water']);
    await user.click(screen.getByRole('button', { name: 'Remove air' }));
    expect(onSearch).toHaveBeenCalledWith(['water']);
  });

  it('adds a suggested topic as a term', async () => {
    const { user, onSearch } = setup(['air']);
    await user.click(screen.getByRole('button', { name: 'Energy' }));
    expect(onSearch).toHaveBeenCalledWith(['air', 'Energy']);
  });

  it('alerts for 2000 ms, cuts the terms and does not search beyond 20 terms', async () => {
    const { input, user, onSearch } = setup();
    const words = Array.from({ length: 21 }, (_, i) => `w${i}`);
    await user.type(input, `${words.join(' ')}{Enter}`);
    expect(onSearch).not.toHaveBeenCalled();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Query size exceeded! Max 20 queries or 2000 characters allowed');
    expect(alert.getAttribute('data-type')).toBe('error');
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    // Searching the cut terms is the user's next step.
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith(words.slice(0, 20));
  });

  it('alerts and does not search when the terms reach 2000 characters', async () => {
    const { input, user, onSearch } = setup(['x'.repeat(1990)]);
    await user.type(input, 'abcdefghij{Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    expect((await screen.findByRole('alert')).textContent).toContain('Query size exceeded!');
  });

  it('switches the demo mode with its phrases, clears the input and does not search', async () => {
    const { input, user, onSearch } = setup();
    await user.type(input, 'activate-demo-mode{Enter}');
    expect(screen.getByTestId('demo').textContent).toBe('true');
    expect(localStorage.getItem('demoMode')).toBe('true');
    expect(input).toHaveProperty('value', '');
    await user.type(input, 'deactivate-demo-mode{Enter}');
    expect(screen.getByTestId('demo').textContent).toBe('false');
    expect(localStorage.getItem('demoMode')).toBeNull();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('clears everything for the complete catalogue', async () => {
    const { input, user, onShowCompleteCatalog } = setup(['air']);
    await user.type(input, 'draft');
    await user.click(screen.getByRole('button', { name: 'show complete catalog' }));
    expect(onShowCompleteCatalog).toHaveBeenCalled();
    await waitFor(() => expect(input).toHaveProperty('value', ''));
  });
});

const SUGGESTIONS: TSuggestResponse = {
  suggestions: [
    { kind: 'keyword', text: 'air' },
    { kind: 'keyword', text: 'airport' },
    { kind: 'title', text: 'Air quality Leipzig 2024' },
  ],
};

describe('SearchBar suggestions', () => {
  let fetchMock: Mock<typeof fetch>;
  let answer: () => Response;

  beforeEach(() => {
    answer = () => new Response(JSON.stringify(SUGGESTIONS), { headers: { 'content-type': 'application/json' } });
    fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer()) as Mock<typeof fetch>;
  });

  const suggestCalls = () =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/search/suggest'));

  it('asks once the typing pauses, from 2 characters on, and lists titles and keywords', async () => {
    const { input, user } = setup();
    await user.type(input, 'a');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(suggestCalls()).toEqual([]);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(input, 'ir');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(suggestCalls()).toEqual(['/api/search/suggest?prefix=air']);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'airKeyword',
      'airportKeyword',
      'Air quality Leipzig 2024Title',
    ]);
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(input.getAttribute('aria-haspopup')).toBe('listbox');
  });

  it('moves through the suggestions with the arrows and adds the picked one as a term on Enter', async () => {
    const { input, user, onSearch } = setup(['water']);
    await user.type(input, 'air');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toBe('airportKeyword');
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith(['water', 'airport']);
    expect(input).toHaveProperty('value', '');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keeps a picked title of several words together as one term, as a typed phrase in quotes is', async () => {
    const { input, user, onSearch } = setup();
    await user.type(input, 'air');
    await user.click(await screen.findByRole('option', { name: /Air quality Leipzig/ }));
    expect(onSearch).toHaveBeenCalledWith(['"Air quality Leipzig 2024"']);
  });

  it('closes on Escape, after which Enter searches the typed text', async () => {
    const { input, user, onSearch } = setup();
    await user.type(input, 'air');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith(['air']);
  });

  it('keeps the limits of typed terms for a picked suggestion', async () => {
    const terms = Array.from({ length: 20 }, (_, i) => `w${i}`);
    const { input, user, onSearch } = setup(terms);
    await user.type(input, 'air');
    await user.click(await screen.findByRole('option', { name: /airport/ }));
    expect(onSearch).not.toHaveBeenCalled();
    expect((await screen.findByRole('alert')).textContent).toContain('Query size exceeded!');
  });

  it('aborts the request of text typed further, so an older answer never shows', async () => {
    const { input, user } = setup();
    await user.type(input, 'ai');
    await waitFor(() => expect(suggestCalls()).toHaveLength(1));
    const firstSignal = fetchMock.mock.calls[0]?.[1]?.signal;
    await user.type(input, 'r');
    expect(firstSignal?.aborted).toBe(true);
    await waitFor(() =>
      expect(suggestCalls()).toEqual(['/api/search/suggest?prefix=ai', '/api/search/suggest?prefix=air']),
    );
  });

  it('shows nothing when the request fails, and the bar searches as before', async () => {
    answer = () =>
      new Response(JSON.stringify({ statusCode: 500, code: 'INTERNAL', error: 'Internal', message: 'down' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    const { input, user, onSearch } = setup();
    await user.type(input, 'air');
    await waitFor(() => expect(suggestCalls()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSearch).toHaveBeenCalledWith(['air']);
  });
});
