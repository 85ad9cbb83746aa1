import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date';

describe('formatDateTime', () => {
  it('formats dd.MM.yyyy HH:mm in local time', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 7, 9).toISOString())).toBe('05.03.2024 07:09');
    expect(formatDateTime(new Date(1999, 11, 31, 23, 59, 59).toISOString())).toBe('31.12.1999 23:59');
  });
  it('answers null for invalid or missing dates', () => {
    expect(formatDateTime('not a date')).toBeNull();
    expect(formatDateTime('')).toBeNull();
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime(undefined)).toBeNull();
  });
});
