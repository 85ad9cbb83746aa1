import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { paymentLabel, paymentText } from './payment-label';

describe('paymentLabel', () => {
  it('labels each payment model as the specification says', () => {
    expect(paymentLabel('FREE_OF_CHARGE', 0)).toEqual({ kind: 'free' });
    expect(paymentLabel('PAY_PER_USE_DOWNLOAD', 12.5)).toEqual({ kind: 'price', amount: '12.50 €', per: 'download' });
    expect(paymentLabel('SUBSCRIPTION_BASED', 3)).toEqual({ kind: 'price', amount: '3.00 €', per: 'month' });
    expect(paymentLabel('DATA_VOLUME_BASED', 0.1)).toEqual({ kind: 'price', amount: '0.10 €', per: 'MB' });
  });
  it('calls anything else free, whatever its price', () => {
    expect(paymentLabel('SOMETHING_ELSE', 99)).toEqual({ kind: 'free' });
    expect(paymentLabel('FREE_OF_CHARGE', 12)).toEqual({ kind: 'free' });
  });
  it('rounds to two decimals', () => {
    expect(paymentLabel('PAY_PER_USE_DOWNLOAD', 1234.567)).toMatchObject({ amount: '1234.57 €' });
  });
});

describe('paymentText', () => {
  it('words the label', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: en } }, showSupportNotice: false });
    const text = (model: string, price: number) => paymentText(paymentLabel(model, price), i18n.t);
    expect(text('FREE_OF_CHARGE', 0)).toBe('Free');
    expect(text('PAY_PER_USE_DOWNLOAD', 12.5)).toBe('12.50 € / download');
    expect(text('SUBSCRIPTION_BASED', 12.5)).toBe('12.50 € / month');
    expect(text('DATA_VOLUME_BASED', 12.5)).toBe('12.50 € / MB');
    expect(text('UNKNOWN', 12.5)).toBe('Free');
  });
});
