import { describe, expect, it } from 'vitest';
import { orderStateOf } from './order-state';

describe('orderStateOf', () => {
  it('follows the invoices: invoiced while one is open, paid, cancelled', () => {
    expect(orderStateOf(['open', 'open'])).toBe('invoiced');
    expect(orderStateOf(['open', 'paid'])).toBe('invoiced');
    expect(orderStateOf(['paid', 'paid'])).toBe('paid');
    expect(orderStateOf(['cancelled', 'cancelled'])).toBe('cancelled');
  });

  it('settles an order without invoices (free and metered offers only) as paid: nothing is owed', () => {
    expect(orderStateOf([])).toBe('paid');
  });

  it('keeps an order paid when one supplier was paid and the other invoice was cancelled', () => {
    expect(orderStateOf(['paid', 'cancelled'])).toBe('paid');
  });
});
