import { describe, expect, it } from 'vitest';
import { titleKey } from './title-key';

describe('titleKey', () => {
  it('reads two spellings of one title the same: case, accents, punctuation, spaces', () => {
    expect(titleKey('NNDSS - TABLE 1E.  Botulism, Köln')).toBe('nndss table 1e botulism koln');
    expect(titleKey('nndss table 1e botulism koln')).toBe(titleKey('NNDSS - TABLE 1E.  Botulism, Köln'));
  });

  it('keeps the words unstemmed, so different titles stay apart', () => {
    expect(titleKey('Farmers Market')).not.toBe(titleKey('Farmer Markets'));
  });

  it('reads traditional and simplified Chinese titles the same', () => {
    expect(titleKey('臺南市寺廟點位')).toBe(titleKey('台南市寺庙点位'));
  });
});
