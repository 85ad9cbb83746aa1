import { CATEGORIES, HOME_TOPICS } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { categoryLabel } from './labels';

describe('categoryLabel', () => {
  it('replaces underscores by spaces in sentence case', () => {
    expect(categoryLabel('AGRICULTURE_FORESTRY_AND_FISHERIES')).toBe('Agriculture forestry and fisheries');
    expect(categoryLabel('LAW')).toBe('Law');
  });
  it('is what the English texts say for every topic and category', () => {
    const names = [...new Set([...HOME_TOPICS, ...CATEGORIES])];
    for (const name of names) {
      expect(en.category[name as keyof typeof en.category], name).toBe(categoryLabel(name));
    }
  });
});
