import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { LanguageSelect } from './LanguageSelect';

// The French texts of the deploy this tab was opened with are gone from the server.
vi.mock('../i18n/fr.json', () => ({
  get default() {
    throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/fr-0ld.js');
  },
}));

describe('LanguageSelect', () => {
  afterEach(async () => {
    await act(() => i18next.changeLanguage('en'));
  });

  it('says when a language cannot be loaded and stays in the current one', async () => {
    renderWithProviders(<LanguageSelect />);
    await userEvent.setup().selectOptions(screen.getByLabelText('Language'), 'fr');
    expect(await screen.findByText('This language could not be loaded. Reload the page and try again.')).toBeTruthy();
    expect(i18next.language).toBe('en');
  });

  it('switches to a language that loads, without a message', async () => {
    renderWithProviders(<LanguageSelect />);
    await userEvent.setup().selectOptions(screen.getByLabelText('Language'), 'es');
    await vi.waitFor(() => expect(i18next.language).toBe('es'));
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });
});
