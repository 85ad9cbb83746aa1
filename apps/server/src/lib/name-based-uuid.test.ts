import { describe, expect, it } from 'vitest';
import { nameBasedUuid } from './name-based-uuid';

describe('nameBasedUuid', () => {
  it('gives the same version 5 style UUID for the same name, and another in another namespace', () => {
    const id = nameBasedUuid('dsm-connector-offer', 'a', 'b');
    expect(id).toBe('d7f5e0ae-8531-52d1-86a5-15c8d5a9f9c5');
    expect(nameBasedUuid('dsm-connector-offer', 'a', 'b')).toBe(id);
    expect(nameBasedUuid('dsm-crawled-dataset', 'a', 'b')).not.toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
