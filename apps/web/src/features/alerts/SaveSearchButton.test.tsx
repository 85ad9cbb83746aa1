import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SaveSearchButton } from './SaveSearchButton';

describe('SaveSearchButton', () => {
  it('opens the dialog, mounted at the first click, with the suggested name, and gives focus back on cancel', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <SaveSearchButton search={{ query: 'rivers', filter: {}, sort: 'relevance' }} suggestedName="rivers" />,
    );
    // Nothing of the dialog before it is opened.
    expect(screen.queryByRole('dialog')).toBeNull();
    const button = screen.getByTestId('save-search');
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Save this search')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('rivers');
    await user.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
