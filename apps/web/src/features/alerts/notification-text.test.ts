import type { TNotification } from '@dsm/contracts';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, loadLanguage } from '../../i18n';
import { notificationText } from './notification-text';

const newOffers = (count: number): TNotification =>
  ({
    id: '7f1c5c52-30f4-4a38-9a60-6f1a0b8f2c11',
    kind: 'new_offers',
    params: { savedSearchName: 'Pegel', count },
    readAt: null,
    createdAt: '2026-11-29T10:00:00.000Z',
  }) as TNotification;

describe('notificationText', () => {
  afterEach(async () => {
    await changeLanguage('de');
  });

  it('writes the count of new offers as the page language does', async () => {
    await changeLanguage('de');
    expect(notificationText(i18next.t, newOffers(1234))).toBe('1.234 neue Angebote für „Pegel“');
    await loadLanguage('en');
    await changeLanguage('en');
    expect(notificationText(i18next.t, newOffers(1234))).toBe('1,234 new offers for "Pegel"');
    await loadLanguage('fr');
    await changeLanguage('fr');
    expect(notificationText(i18next.t, newOffers(1234))).toMatch(/^1\s234 nouvelles offres pour « Pegel »$/u);
  });
});
