import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../i18n/de.json';
import en from '../../i18n/en.json';
import { orderLineText } from './order-line-text';

const LINE = { productId: 'p', providerId: 's', providerName: 'Supplier', title: 'Gauges' };

async function translator(language: 'de' | 'en') {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { translation: language === 'de' ? de : en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return i18n.t;
}

describe('orderLineText', () => {
  it('prices a checkout line per unit', async () => {
    const t = await translator('en');
    expect(orderLineText({ ...LINE, paymentModel: 'PAY_PER_USE_DOWNLOAD', price: 0.99 }, t)).toBe('0.99 € / download');
  });

  it('shows what a usage or renewal line sums up: quantity, unit price and amount', async () => {
    const t = await translator('en');
    expect(
      orderLineText({ ...LINE, paymentModel: 'PAY_PER_USE_DOWNLOAD', price: 1.98, quantity: 2, unitPrice: 0.99 }, t),
    ).toBe('2 × 0.99 € / download = 1.98 €');
    expect(
      orderLineText({ ...LINE, paymentModel: 'DATA_VOLUME_BASED', price: 0.06, quantity: 1.235, unitPrice: 0.05 }, t),
    ).toBe('1.235 × 0.05 € / MB = 0.06 €');
    expect(orderLineText({ ...LINE, paymentModel: 'SUBSCRIPTION_BASED', price: 5, quantity: 1, unitPrice: 5 }, t)).toBe(
      '1 × 5.00 € / month = 5.00 €',
    );
  });
});
