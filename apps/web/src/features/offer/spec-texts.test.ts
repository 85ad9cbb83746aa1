import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';

describe('offer details texts', () => {
  it("keep the specification's English words", () => {
    expect(en.offer.status.pending).toBe('Pending...');
    expect(en.offer.status.online).toBe('Online');
    expect(en.offer.status.offline).toBe('Offline');
    expect(en.offer.brokenLink).toBe('This Link is broken or missing');
    expect(en.offer.showLink).toBe('Show link');
    expect(en.offer.goToLicense).toBe('Go to license');
    expect(en.offer.notAvailable).toBe('N/A');
    expect(en.acquisitions.title).toBe('My Acquisitions');
  });
});
