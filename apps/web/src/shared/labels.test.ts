import { CATEGORIES, HOME_TOPICS } from '@dsm/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { categoryLabel, categoryText, textOrSelf } from './labels';

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

describe('categoryText', () => {
  const t = i18next.getFixedT('en');

  it('translates a category the texts name', () => {
    expect(categoryText(t, 'AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD')).toBe(
      en.category.AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD,
    );
    expect(categoryText(i18next.getFixedT('de'), 'ENVIRONMENT')).toBe('Umwelt');
  });

  it('shows any other name as itself, never as a translation key, an object or another text', () => {
    expect(categoryText(t, 'NO_SUCH_TOPIC')).toBe('No such topic');
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(categoryText(t, name), name).toBe(categoryLabel(name));
    }
    expect(categoryText(t, '$t(app.title)')).toBe('$t(app.title)');
    expect(categoryText(t, '{{count}}')).toBe('{{count}}');
    expect(categoryText(t, '<b>x</b>')).toBe('<b>x</b>');
  });
});

describe('textOrSelf', () => {
  const t = i18next.getFixedT('en');

  it('translates a value the group names and shows any other value as itself', () => {
    expect(textOrSelf(t, 'offerCreation.options.accessType', 'DIRECT')).toBe('Direct');
    for (const value of ['NOPE', 'constructor', '__proto__', '$t(app.title)', 'a.b', '']) {
      expect(textOrSelf(t, 'offerCreation.options.accessType', value), value).toBe(value);
    }
    expect(textOrSelf(t, 'offerCreation.options', 'accessType')).toBe('accessType');
  });
});
