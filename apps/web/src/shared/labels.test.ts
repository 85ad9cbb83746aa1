import { CATEGORIES, HOME_TOPICS } from '@dsm/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import fr from '../i18n/fr.json';
import it_ from '../i18n/it.json';
import pt from '../i18n/pt.json';
import { categoryLabel, categoryText, textOrSelf } from './labels';

describe('categoryLabel', () => {
  it('replaces underscores by spaces in sentence case', () => {
    expect(categoryLabel('AGRICULTURE_FORESTRY_AND_FISHERIES')).toBe('Agriculture forestry and fisheries');
    expect(categoryLabel('LAW')).toBe('Law');
  });
});

describe('category texts', () => {
  const names = [...new Set([...HOME_TOPICS, ...CATEGORIES])];
  const dictionaries = { de, en, fr, es, it: it_, pt } as const;

  it('name every topic and category in each of the six languages', () => {
    for (const [language, dictionary] of Object.entries(dictionaries)) {
      for (const name of names) {
        const text = dictionary.category[name as keyof typeof dictionary.category];
        expect(text, `${language} ${name}`).toBeTruthy();
        expect(text, `${language} ${name}`).not.toMatch(/_/);
      }
    }
  });

  it("use the EU data theme vocabulary's English labels, commas included", () => {
    expect(en.category.AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD).toBe('Agriculture, fisheries, forestry and food');
    expect(en.category.EDUCATION_CULTURE_AND_SPORT).toBe('Education, culture and sport');
    expect(en.category.JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY).toBe('Justice, legal system and public safety');
    expect(en.category.INFORMATIONS_AND_COMMUNICATIONS).toBe('Information and communications');
    expect(en.category.AGRICULTURE_FORESTRY_AND_FISHERIES).toBe('Agriculture, forestry and fisheries');
    expect(it_.category.AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD).toBe(
      'Agricoltura, pesca, silvicoltura e prodotti alimentari',
    );
    expect(es.category.JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY).toBe('Justicia, sistema judicial y seguridad pública');
    // A label of three or more parts lists them with commas in every language.
    for (const [language, dictionary] of Object.entries(dictionaries)) {
      for (const name of names) {
        if (!name.includes('_AND_') || name.split('_AND_')[0]!.split('_').length < 2) continue;
        const text = dictionary.category[name as keyof typeof dictionary.category];
        expect(text, `${language} ${name}`).toContain(',');
      }
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
