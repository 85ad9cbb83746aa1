import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DecimalInput } from './DecimalInput';
import { toDraftNumber } from './EndpointsStep';

const RULE = 'Only digits and a decimal point go here, such as 12.50.';

function PriceField() {
  const [price, setPrice] = useState(0);
  return (
    <>
      <DecimalInput label="Price" min={0} decimalScale={2} value={price} onChange={(v) => setPrice(toDraftNumber(v))} />
      <output data-testid="stored">{price}</output>
    </>
  );
}

/** Renders the price field and types `text` into it, emptied first. */
async function typeIntoPrice(text: string) {
  const user = userEvent.setup();
  renderWithProviders(<PriceField />);
  const input = screen.getByLabelText('Price') as HTMLInputElement;
  await user.clear(input);
  await user.type(input, text);
  return { user, input };
}

describe('DecimalInput', () => {
  it('says at the field that letters were refused, instead of dropping them silently', async () => {
    const { input } = await typeIntoPrice('abc');
    expect(screen.getByText(RULE)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('stored').textContent).toBe('0');
  });

  it('takes a number, and the message goes with the next accepted character', async () => {
    const { user, input } = await typeIntoPrice('12,');
    expect(screen.getByText(RULE)).toBeTruthy();
    await user.type(input, '.5');
    expect(screen.queryByText(RULE)).toBeNull();
    expect(screen.getByTestId('stored').textContent).toBe('12.5');
  });

  it('takes and shows a decimal comma in German, and turns a typed point into one', async () => {
    await act(() => i18next.changeLanguage('de'));
    try {
      const { user, input } = await typeIntoPrice('12,5');
      expect(screen.queryByText(/Dezimalkomma/)).toBeNull();
      expect(screen.getByTestId('stored').textContent).toBe('12.5');
      expect(input.value).toBe('12,5');
      await user.clear(input);
      await user.type(input, '3.25');
      expect(screen.getByTestId('stored').textContent).toBe('3.25');
      expect(input.value).toBe('3,25');
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });

  it('refuses pasted text that is not a number', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PriceField />);
    const input = screen.getByLabelText('Price');
    await user.click(input);
    await user.paste('zwölf');
    expect(screen.getByText(RULE)).toBeTruthy();
  });
});
