import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NavMenu } from '../../shared/ui/NavMenu';
import { renderWithProviders } from '../../test/render';
import { OFFERS_MENU } from './offers-menu';

describe('the Offers menu', () => {
  it("has 'My offerings' and 'Create offer'", async () => {
    renderWithProviders(<NavMenu {...OFFERS_MENU} />);
    await userEvent.setup().click(screen.getByTestId('offers-menu'));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['My offerings', '/my-offerings'],
      ['Create offer', '/offer/create/pre'],
    ]);
  });
});
