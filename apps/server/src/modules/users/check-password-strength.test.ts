import { describe, expect, it } from 'vitest';
import { checkPasswordStrength } from './check-password-strength';

describe('checkPasswordStrength', () => {
  it.each([
    ['short-1', 'too_short'],
    ['abcdefghij', 'needs_letter_and_digit'],
    ['1234567890', 'needs_letter_and_digit'],
    ['ada.lovelace-1815', 'contains_email'],
    ['ADA.LOVELACE-1815', 'contains_email'],
    [`${'x'.repeat(256)}1`, 'too_long'],
  ])('refuses %s as %s', (password, problem) => {
    expect(checkPasswordStrength(password, 'Ada.Lovelace@example.org')).toBe(problem);
  });

  it.each(['analytical-engine-1843', 'Zehn Zeichen 1', 'Grüße-aus-Köln-7'])('accepts %s', (password) => {
    expect(checkPasswordStrength(password, 'ada.lovelace@example.org')).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPasswordStrength('😀😀😀😀😀😀😀😀a1', 'x@example.org')).toBeNull();
    expect(checkPasswordStrength('😀😀😀😀a1', 'x@example.org')).toBe('too_short');
  });

  it('ignores a local part of fewer than three characters', () => {
    expect(checkPasswordStrength('jo-jo-jo-jo-1', 'jo@example.org')).toBeNull();
  });
});
