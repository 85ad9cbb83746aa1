import { likeEndpoint, paymentEndpoint, searchEndpoint } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { keptOffersTouchedBy } from './register-index-catch-up';

describe('which kept result cards a request forgets', () => {
  it('forgets nothing for searches, reads, orders and payments', () => {
    expect(keptOffersTouchedBy({ method: 'POST', url: `${searchEndpoint.path}?query=air` })).toBe('none');
    expect(keptOffersTouchedBy({ method: 'GET', url: '/api/metadata/abc' })).toBe('none');
    expect(keptOffersTouchedBy({ method: 'POST', url: paymentEndpoint.path, routePath: paymentEndpoint.path })).toBe(
      'none',
    );
    expect(
      keptOffersTouchedBy({ method: 'POST', url: '/api/invoices/42/paid', routePath: '/api/invoices/:id/paid' }),
    ).toBe('none');
  });

  it('forgets nothing when a user signs in, refreshes a token or signs out at the identity provider', () => {
    for (const url of ['/idp/token', '/idp/interaction/abc/login', '/idp/session/end/confirm']) {
      expect(keptOffersTouchedBy({ method: 'POST', url })).toBe('none');
    }
  });

  it('forgets only the liked offer after a like or an unlike', () => {
    for (const method of ['POST', 'DELETE']) {
      expect(
        keptOffersTouchedBy({
          method,
          url: `${likeEndpoint.path}?uuid=offer-1`,
          routePath: likeEndpoint.path,
          query: { uuid: 'offer-1' },
        }),
      ).toEqual(['offer-1']);
    }
  });

  it('forgets every card after a change it does not know, such as an offer edited or a profile saved', () => {
    expect(keptOffersTouchedBy({ method: 'PUT', url: '/api/offers/abc', routePath: '/api/offers/:id' })).toBe('all');
    expect(keptOffersTouchedBy({ method: 'PUT', url: '/api/organisation', routePath: '/api/organisation' })).toBe(
      'all',
    );
  });
});
