import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { OffersMenu } from './OffersMenu';

describe('the Offers menu', () => {
  it("has 'My offerings' and 'Create offer'", async () => {
    renderWithProviders(<OffersMenu />);
    await userEvent.setup().click(screen.getByTestId('offers-menu'));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['My offerings', '/my-offerings'],
      ['Create offer', '/offer/create/pre'],
    ]);
  });
});
