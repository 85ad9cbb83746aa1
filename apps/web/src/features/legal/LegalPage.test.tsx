import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { LegalPage } from './LegalPage';

const OPERATOR = {
  company: 'Acme Data GmbH',
  address: 'Hafenweg 2, 40221 Düsseldorf',
  register: 'HRB 12345, Amtsgericht Düsseldorf',
  vatId: 'DE123456789',
  email: 'legal@acme.test',
  phone: '+49 211 123456',
  isDemo: false,
  legalDates: { privacyPolicy: '2019-04-01', terms: '2020-02-26' },
};

function serveAppConfig(operator: typeof OPERATOR) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    Response.json({
      issuer: 'http://localhost/idp/realms/dsRealm',
      clientId: 'dataspace',
      userRole: 'DSM_USER',
      rolesClaim: 'realm_access.roles',
      isEmbeddedIdp: true,
      operator,
    }),
  );
}

describe('LegalPage', () => {
  beforeEach(() => serveAppConfig(OPERATOR));
  afterEach(async () => {
    vi.restoreAllMocks();
    await act(() => i18next.changeLanguage('en'));
  });

  it("shows the Impressum with the configured operator's details, without the demo note", async () => {
    renderWithProviders(<LegalPage page="impressum" />);
    const page = await screen.findByTestId('legal-impressum');
    for (const detail of Object.values(OPERATOR).filter((value) => typeof value === 'string')) {
      expect(page.textContent).toContain(detail);
    }
    expect(screen.queryByTestId('legal-demo-note')).toBeNull();
  });

  it('says so when the operator details are the demo values', async () => {
    vi.restoreAllMocks();
    serveAppConfig({ ...OPERATOR, isDemo: true });
    renderWithProviders(<LegalPage page="impressum" />);
    expect(await screen.findByTestId('legal-demo-note')).toBeTruthy();
  });

  it('states the terms version, the payment window, the cure period and the court', async () => {
    renderWithProviders(<LegalPage page="terms" />);
    const page = await screen.findByTestId('legal-terms');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('General Terms and Conditions');
    expect(page.textContent).toContain('Version of 26/02/2020');
    expect(page.textContent).toContain('within 30 days');
    expect(page.textContent).toContain('within 7 days');
    expect(page.textContent).toContain('six weeks');
    expect(page.textContent).toContain('Düsseldorf');
  });

  it("dates the privacy policy and the terms as the operator's settings say, in each text's language", async () => {
    vi.restoreAllMocks();
    serveAppConfig({ ...OPERATOR, legalDates: { privacyPolicy: '2026-03-15', terms: '2026-07-01' } });
    const terms = renderWithProviders(<LegalPage page="terms" />);
    expect((await screen.findByTestId('legal-terms')).textContent).toContain('Version of 01/07/2026');
    terms.unmount();
    const policy = renderWithProviders(<LegalPage page="dataProtection" />);
    expect((await screen.findByTestId('legal-dataProtection')).textContent).toContain('As of March 2026');
    policy.unmount();
    await act(() => i18next.changeLanguage('de'));
    const german = renderWithProviders(<LegalPage page="terms" />);
    expect((await screen.findByTestId('legal-terms')).textContent).toContain('Fassung vom 01.07.2026');
    german.unmount();
    renderWithProviders(<LegalPage page="dataProtection" />);
    expect((await screen.findByTestId('legal-dataProtection')).textContent).toContain('Stand: März 2026');
  });

  it('shows the German privacy policy in German', async () => {
    await act(() => i18next.changeLanguage('de'));
    renderWithProviders(<LegalPage page="dataProtection" />);
    const page = await screen.findByTestId('legal-dataProtection');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Datenschutzerklärung');
    expect(page.textContent).toContain('Stand: April 2019');
    expect(page.querySelector('article')?.getAttribute('lang')).toBe('de');
    expect(screen.queryByTestId('legal-fallback-note')).toBeNull();
  });

  it('shows the English text with a note in a language without legal texts of its own', async () => {
    await act(async () => {
      await changeLanguage('fr');
    });
    renderWithProviders(<LegalPage page="terms" />);
    const page = await screen.findByTestId('legal-terms');
    expect(screen.getByTestId('legal-fallback-note').textContent).toContain('allemand et en anglais');
    expect(page.querySelector('article')?.getAttribute('lang')).toBe('en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('General Terms and Conditions');
  });
});
