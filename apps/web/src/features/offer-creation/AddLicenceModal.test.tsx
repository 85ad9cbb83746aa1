import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AddLicenceModal, validateLicenceForm } from './AddLicenceModal';

const VALID = { licenceId: 'My-Licence-1', licenceTitle: 'My licence', licenceUrl: 'https://example.org/licence' };

describe('validateLicenceForm', () => {
  it('accepts a complete form', () => {
    expect(validateLicenceForm(VALID)).toEqual({});
  });

  it('names each missing field', () => {
    expect(validateLicenceForm({ licenceId: ' ', licenceTitle: '', licenceUrl: '\t' })).toEqual({
      licenceId: 'offerCreation.rules.REQUIRED',
      licenceTitle: 'offerCreation.rules.REQUIRED',
      licenceUrl: 'offerCreation.rules.REQUIRED',
    });
  });

  it('names pasted text the server would refuse: too long, spaces or control characters, not an http address', () => {
    expect(
      validateLicenceForm({ licenceId: 'x'.repeat(101), licenceTitle: 't'.repeat(301), licenceUrl: 'https://a.b/' }),
    ).toEqual({ licenceId: 'offerCreation.rules.TOO_LONG', licenceTitle: 'offerCreation.rules.TOO_LONG' });
    expect(validateLicenceForm({ ...VALID, licenceId: 'two words' })).toEqual({
      licenceId: 'offerCreation.rules.INVALID',
    });
    expect(
      validateLicenceForm({ licenceId: 'a\u0000b', licenceTitle: 'bell\u0007', licenceUrl: 'https://a.b/\u001b' }),
    ).toEqual({
      licenceId: 'offerCreation.rules.INVALID',
      licenceTitle: 'offerCreation.rules.INVALID',
      licenceUrl: 'offerCreation.rules.URL',
    });
    for (const licenceUrl of [
      'javascript:alert(1)',
      'ftp://example.org',
      'example.org',
      `https://${'a'.repeat(2000)}`,
    ]) {
      expect(validateLicenceForm({ ...VALID, licenceUrl }).licenceUrl, licenceUrl).toMatch(/URL|TOO_LONG/);
    }
  });

  it('takes emoji, right-to-left text and markup in the title as they are', () => {
    for (const licenceTitle of ['Lizenz 😀', 'رخصة مفتوحة', '<b>bold</b> & <script>x</script>', "'; DROP TABLE x;--"]) {
      expect(validateLicenceForm({ ...VALID, licenceTitle }), licenceTitle).toEqual({});
    }
  });
});

describe('AddLicenceModal', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 500 }));
  });

  it('shows what is wrong at the field and sends nothing for a pasted 10,000-character title', async () => {
    const onAdded = vi.fn();
    renderWithProviders(<AddLicenceModal isOpen onClose={() => {}} onAdded={onAdded} />);
    fireEvent.change(screen.getByTestId('licence-id'), { target: { value: 'My-Licence' } });
    fireEvent.change(screen.getByTestId('licence-title'), { target: { value: '<b>x</b>'.repeat(1250) } });
    fireEvent.change(screen.getByTestId('licence-url'), { target: { value: 'not a url' } });
    await userEvent.setup().click(screen.getByTestId('licence-submit'));
    expect(await screen.findByText('This is too long.')).toBeTruthy();
    expect(screen.getByText('Enter an address starting with http:// or https://.')).toBeTruthy();
    await waitFor(() => expect(onAdded).not.toHaveBeenCalled());
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(document.querySelector('b')).toBeNull();
  });
});
