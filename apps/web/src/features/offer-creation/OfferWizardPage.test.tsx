import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderWithProviders } from '../../test/render';
import { OfferWizardPage } from './OfferWizardPage';
import { PrerequisitesPage } from './PrerequisitesPage';

// Mantine's growing text areas listen for web fonts, which happy-dom does not provide.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const LICENCES = [{ licenceId: 'CC0-1.0', licenceTitle: 'CC0 1.0', licenceUrl: 'https://x.example.org', mappings: [] }];
const URL_FREE = '/offer/create?pricingOption=FREE&contentType=DATA&accessType=DIRECT';

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = String(input);
    if (path.startsWith('/api/licence')) return answer(LICENCES);
    return answer({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'no' }, 404);
  });
});

describe('the create-offer wizard', () => {
  it('starts at step 1 with the required note, and Back does not go below it', async () => {
    renderWithProviders(<OfferWizardPage />, { url: URL_FREE });
    expect(screen.getByTestId('wizard-step-title').textContent).toBe('Step 1: Asset Information');
    expect(screen.getByTestId('required-note').textContent).toBe('*field is required');
    expect((screen.getByTestId('wizard-back') as HTMLButtonElement).disabled).toBe(true);
  });

  it('names the missing fields in the user language before Next leaves step 1, and Skip moves on', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OfferWizardPage />, { url: URL_FREE });
    await user.click(screen.getByTestId('wizard-next'));
    expect(screen.getByTestId('wizard-step-title').textContent).toBe('Step 1: Asset Information');
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(6);
    await user.type(screen.getByLabelText(/^Author e-mail/), 'not-an-address');
    await user.click(screen.getByTestId('wizard-next'));
    expect(screen.getByText('Enter an e-mail address such as name@example.org.')).toBeTruthy();
    await user.click(screen.getByTestId('wizard-skip'));
    expect(screen.getByTestId('wizard-step-title').textContent).toBe('Step 2: Add endpoints');
  });

  it('saves every edit under formCache and restores the draft after a reload', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<OfferWizardPage />, { url: URL_FREE });
    await user.type(screen.getByLabelText(/^Title/), 'Pegelstände');
    expect(JSON.parse(localStorage.getItem('formCache')!).generalInfo.title).toBe('Pegelstände');
    first.unmount();
    renderWithProviders(<OfferWizardPage />, { url: URL_FREE });
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Pegelstände');
  });

  it('returns to the step it was on after a reload, with the fields kept', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<OfferWizardPage />, { url: URL_FREE });
    await user.type(screen.getByLabelText(/^Title/), 'Pegelstände');
    await user.click(screen.getByTestId('wizard-skip'));
    await user.click(screen.getByTestId('wizard-skip'));
    expect(screen.getByTestId('wizard-step-title').textContent).toBe('Step 3: Add usage, license and pricing');
    const url = currentLocation(first);
    expect(url.searchParams.get('step')).toBe('3');
    first.unmount();
    // A reload opens the same address.
    renderWithProviders(<OfferWizardPage />, { url: `${url.pathname}${url.search}` });
    expect(screen.getByTestId('wizard-step-title').textContent).toBe('Step 3: Add usage, license and pricing');
    await user.click(screen.getByTestId('wizard-back'));
    await user.click(screen.getByTestId('wizard-back'));
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Pegelstände');
  });

  it('shows labels in the preview: categories as named, not in capitals, and restrictions in words', async () => {
    localStorage.setItem(
      'formCache',
      JSON.stringify({
        generalInfo: { title: 'Pegel', categories: ['TRANSPORT'] },
        endpoints: [{ format: 'csv', filesize: 1.5, sizeUnit: 'MB' }],
      }),
    );
    renderWithProviders(<OfferWizardPage />, { url: `${URL_FREE}&step=4` });
    const badge = await screen.findByText('Transport');
    // Mantine's badge writes its text in capitals unless told otherwise.
    expect(badge.closest('.mantine-Badge-root')?.getAttribute('style') ?? '').toContain('text-transform: none');
    expect(screen.getAllByText('No restriction')).toHaveLength(2);
    expect(screen.queryByText('none')).toBeNull();
    expect(screen.getByText('CSV (comma-separated values)')).toBeTruthy();
    expect(screen.getByText('1.5 MB')).toBeTruthy();
  });

  it('asks in an in-app dialog before discarding the draft; Cancel keeps it', async () => {
    const browserConfirm = vi.fn(() => true);
    vi.stubGlobal('confirm', browserConfirm);
    const user = userEvent.setup();
    renderWithProviders(<OfferWizardPage />, { url: URL_FREE });
    await user.type(screen.getByLabelText(/^Title/), 'Pegelstände');
    await user.click(screen.getByTestId('discard-draft'));
    let dialog = await screen.findByRole('dialog', { name: 'Discard draft' });
    expect(within(dialog).getByText('Discard this draft? Everything typed into the wizard is lost.')).toBeTruthy();
    await user.click(within(dialog).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Pegelstände');
    await user.click(screen.getByTestId('discard-draft'));
    dialog = await screen.findByRole('dialog', { name: 'Discard draft' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe(''));
    expect(browserConfirm).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('lists the EU vocabulary formats the catalogue uses, by their labels, and stores the name', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OfferWizardPage />, { url: URL_FREE });
    await user.click(screen.getByTestId('wizard-skip'));
    expect(screen.getByTestId('wizard-step-title').textContent).toBe('Step 2: Add endpoints');
    const format = screen.getByTestId('field-format');
    await user.click(format);
    await user.type(format, 'shape');
    await user.click(await screen.findByRole('option', { name: 'SHP (Shapefile)' }));
    expect(JSON.parse(localStorage.getItem('formCache')!).assetInfo.format).toBe('SHP');
  });

  it('recovers from a damaged draft with a message', async () => {
    localStorage.setItem('formCache', '{"generalInfo":');
    renderWithProviders(<OfferWizardPage />, { url: URL_FREE });
    await waitFor(() =>
      expect(screen.getByTestId('global-alert').textContent).toBe(
        'Part of the saved draft could not be read and was reset to the defaults.',
      ),
    );
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('');
  });

  it('shows the pre-requisites of the URL in the preview', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OfferWizardPage />, { url: URL_FREE });
    for (let i = 0; i < 3; i++) await user.click(screen.getByTestId('wizard-skip'));
    expect(screen.getByTestId('wizard-step-title').textContent).toBe('Step 4: Preview');
    expect(screen.getByTestId('preview-pricingOption').textContent).toBe('Open/Free Offering');
    expect(screen.getByTestId('preview-contentType').textContent).toBe('Data');
    expect(screen.getByTestId('preview-accessType').textContent).toBe('Direct');
    expect(screen.getByTestId('preview-problems')).toBeTruthy();
    expect((screen.getByTestId('wizard-publish') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows hand-edited pre-requisites and stored categories as they are, never as other texts', async () => {
    localStorage.setItem(
      'formCache',
      JSON.stringify({ generalInfo: { categories: ['constructor', '$t(app.title)', 'ENVIRONMENT'] } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<OfferWizardPage />, {
      url: '/offer/create?pricingOption=constructor&contentType=__proto__&accessType=%24t(app.title)',
    });
    for (let i = 0; i < 3; i++) await user.click(screen.getByTestId('wizard-skip'));
    expect(screen.getByTestId('preview-pricingOption').textContent).toBe('constructor');
    expect(screen.getByTestId('preview-contentType').textContent).toBe('__proto__');
    expect(screen.getByTestId('preview-accessType').textContent).toBe('$t(app.title)');
    for (const category of ['Constructor', '$t(app.title)', 'Environment']) {
      expect(screen.getAllByText(category).length, category).toBeGreaterThan(0);
    }
    expect(screen.queryByText('data marketplace')).toBeNull();
  });

  it('dims the geo and time restriction until their boxes are checked, and pre-checks geo for a stored value', async () => {
    const user = userEvent.setup();
    localStorage.setItem('formCache', JSON.stringify({ licensingInfo: { geoRestriction: 'DE' } }));
    renderWithProviders(<OfferWizardPage />, { url: URL_FREE });
    await user.click(screen.getByTestId('wizard-skip'));
    await user.click(screen.getByTestId('wizard-skip'));
    expect((screen.getByTestId('geo-checkbox') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('geo-fields').getAttribute('data-dimmed')).toBe('false');
    expect((screen.getByTestId('time-checkbox') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('time-fields').getAttribute('data-dimmed')).toBe('true');
    await user.click(screen.getByTestId('time-checkbox'));
    expect(screen.getByTestId('time-fields').getAttribute('data-dimmed')).toBe('false');
  });
});

describe('an edit link that leads nowhere', () => {
  it.each([
    ['a malformed id', '%25ZZ', false],
    ['an id far too long', 'a'.repeat(3000), false],
    ['an offer that is gone', '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01', true],
  ])(
    'says there is no offer to edit for %s and offers My offerings and a new offer',
    async (_name, offerId, isAsked) => {
      renderWithProviders(<OfferWizardPage />, { url: `${URL_FREE}&offerId=${offerId}` });
      expect(await screen.findByRole('heading', { level: 1, name: 'Offer not found' })).toBeTruthy();
      expect(screen.getByText(/There is no offer of yours to edit at this address/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'My offerings' }).getAttribute('href')).toBe('/my-offerings');
      expect(screen.getByRole('link', { name: 'Create offer' }).getAttribute('href')).toBe('/offer/create/pre');
      const asked = vi.mocked(fetch).mock.calls.some(([input]) => String(input).startsWith('/api/offers/'));
      expect(asked).toBe(isAsked);
    },
  );
});

describe('the create-offer pre-requisites', () => {
  it('shows the message without a pricing option, then leads to the wizard with all three choices', async () => {
    const user = userEvent.setup();
    const view = renderWithProviders(<PrerequisitesPage />, { url: '/offer/create/pre' });
    await user.click(screen.getByTestId('content-DATA'));
    expect(screen.getByTestId('pricing-missing').textContent).toBe(
      'You have choose Pricing Option either Pricing Offering or Open/Free Offering',
    );
    await user.click(screen.getByTestId('pricing-PAID'));
    await user.click(screen.getByTestId('content-SERVICE'));
    await user.click(screen.getByTestId('access-API'));
    const location = currentLocation(view);
    expect(location.pathname).toBe('/offer/create');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      pricingOption: 'PAID',
      contentType: 'SERVICE',
      accessType: 'API',
    });
  });

  it('goes back to step 1 with both choices cleared', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PrerequisitesPage />, { url: '/offer/create/pre' });
    await user.click(screen.getByTestId('pricing-FREE'));
    await user.click(screen.getByTestId('content-DATA'));
    await user.click(screen.getByTestId('pre-back'));
    expect(screen.getByTestId('pricing-FREE').getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByTestId('content-DATA'));
    expect(screen.getByTestId('pricing-missing')).toBeTruthy();
  });
});
