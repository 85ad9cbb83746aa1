import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { PaymentModelBadge } from './PaymentModelBadge';

const badgeOf = (paymentModel: string, price: number) => {
  const view = renderWithProviders(<PaymentModelBadge paymentModel={paymentModel} price={price} />);
  const text = screen.queryByTestId('payment-model')?.textContent ?? null;
  view.unmount();
  return text;
};

describe('PaymentModelBadge', () => {
  afterEach(async () => {
    await act(() => i18next.changeLanguage('en'));
  });

  it('names each payment model instead of calling every offer a one-time purchase', () => {
    expect(badgeOf('PAY_PER_USE_DOWNLOAD', 0.99)).toBe('Per download');
    expect(badgeOf('SUBSCRIPTION_BASED', 5)).toBe('Subscription');
    expect(badgeOf('DATA_VOLUME_BASED', 0.05)).toBe('Per MB');
  });

  it('shows none for a free offer, whose price already reads Free, nor for a model it does not know (free, as the price label says)', () => {
    expect(badgeOf('FREE_OF_CHARGE', 0)).toBeNull();
    expect(badgeOf('SOMETHING_ELSE', 12)).toBeNull();
  });

  it("speaks the user's language", async () => {
    const names: Record<string, string[]> = {};
    for (const language of ['de', 'en', 'fr', 'es', 'it', 'pt'] as const) {
      await act(async () => {
        await changeLanguage(language);
      });
      names[language] = ['PAY_PER_USE_DOWNLOAD', 'SUBSCRIPTION_BASED', 'DATA_VOLUME_BASED'].map(
        (model) => badgeOf(model, 1) ?? '',
      );
    }
    expect(names).toEqual({
      de: ['Pro Download', 'Abonnement', 'Pro MB'],
      en: ['Per download', 'Subscription', 'Per MB'],
      fr: ['Par téléchargement', 'Abonnement', 'Par Mo'],
      es: ['Por descarga', 'Suscripción', 'Por MB'],
      it: ['Per download', 'Abbonamento', 'Per MB'],
      pt: ['Por download', 'Assinatura', 'Por MB'],
    });
  });
});
