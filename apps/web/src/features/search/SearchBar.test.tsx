import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
