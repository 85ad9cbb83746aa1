import { describe, expect, it } from 'vitest';
import { renderAlertMail } from './render-alert-mail';

/** A saved search's mail: 1234 new offers, two of them listed. */
const newOffers = (language: string) =>
  renderAlertMail({
    notification: {
      kind: 'new_offers',
      link: '/search?query=luft',
      params: {
        count: 1234,
        savedSearchName: 'Luft',
        offers: [
          { id: '5f0c6a2e-0000-4000-8000-000000000001', title: 'Luftqualität Köln' },
          { id: '5f0c6a2e-0000-4000-8000-000000000002', title: 'Luftqualität Bonn' },
        ],
      },
    },
    language,
    publicUrl: 'https://market.example',
    unsubscribeToken: 'token',
  });

describe('a new offers mail', () => {
  it('writes counts as the recipient’s language does', () => {
    const german = newOffers('de');
    expect(german.subject).toBe('1.234 neue Angebote für Ihre gespeicherte Suche „Luft“');
    expect(german.text).toContain('- und 1.232 weitere: https://market.example/search?query=luft');
    expect(german.html).toContain('und 1.232 weitere');
    expect(newOffers('en').subject).toBe('1,234 new offers for your saved search "Luft"');
    expect(newOffers('fr').subject).toBe('1\u202f234 nouvelles offres pour votre recherche enregistrée « Luft »');
  });
});
