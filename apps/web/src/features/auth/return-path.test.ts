import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps an app path with its query', () => {
    expect(safeReturnPath('/results?searchText=air%7Cwater&page=2')).toBe('/results?searchText=air%7Cwater&page=2');
    expect(safeReturnPath('/offer/details/abc')).toBe('/offer/details/abc');
  });

  it.each([
    ['https://evil.example/'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    [''],
    [42],
    [null],
  ])('falls back to / for %s', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it('never returns to the callback or the login page', () => {
    expect(safeReturnPath('/auth/callback?code=x&state=y')).toBe('/');
    expect(safeReturnPath('/login')).toBe('/');
  });
});
