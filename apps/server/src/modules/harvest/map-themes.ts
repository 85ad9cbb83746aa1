import { CATEGORIES, type TCategory } from '@dsm/contracts';

/** The EU data themes (publications.europa.eu/resource/authority/data-theme) by code. */
export const EU_THEME_CATEGORIES: Record<string, TCategory> = {
  AGRI: 'AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD',
  ECON: 'ECONOMY_AND_FINANCE',
  EDUC: 'EDUCATION_CULTURE_AND_SPORT',
  ENER: 'ENERGY',
  ENVI: 'ENVIRONMENT',
  GOVE: 'GOVERNMENT_AND_PUBLIC_SECTOR',
  HEAL: 'HEALTH',
  JUST: 'JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY',
  REGI: 'REGIONS_AND_CITIES',
  SOCI: 'POPULATION_AND_SOCIETY',
  TECH: 'SCIENCE_AND_TECHNOLOGY',
  TRAN: 'TRANSPORT',
};

/**
 * Common CKAN group names and ISO 19115 topic categories, and words that name a theme inside longer
 * labels (DCAT-US themes are free text such as 'Public Health Surveillance'). Checked in order.
 */
const WORD_CATEGORIES: [RegExp, TCategory][] = [
  [/health|vaccin|disease|medic|hospital|surveillance|nndss|covid|mortality|fitness/, 'HEALTH'],
  [
    /environment|climat|biota|ocean|inland-waters|water|eco-check|nature|biodivers|meteorolog|atmospher|pollut/,
    'ENVIRONMENT',
  ],
  [/transport|traffic|motor-vehicle|mobility|road|railway/, 'TRANSPORT'],
  [/energy|electric|utilities/, 'ENERGY'],
  [/farming|agricultur|fisher|forest|food/, 'AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD'],
  [/econom|financ|business|trade|budget/, 'ECONOMY_AND_FINANCE'],
  [/employ|labou?r|welfare|social-security/, 'EMPLOYMENT_AND_SOCIAL_WELFARE'],
  [/justice|crime|law|legal|safety|security/, 'JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY'],
  [/education|culture|arts|sport|history|religion|heritage/, 'EDUCATION_CULTURE_AND_SPORT'],
  [/government|public-sector|politic|administration/, 'GOVERNMENT_AND_PUBLIC_SECTOR'],
  [/geograph|location|elevation|cadastre|boundar|geospatial|imagery|property|places/, 'GEOSPATIAL_AND_PROPERTY'],
  [/region|cities|city|urban|municipal/, 'REGIONS_AND_CITIES'],
  [/science|scientific|technolog|research|geoscien/, 'SCIENCE_AND_TECHNOLOGY'],
  [/population|society|people|demograph|census|statistics/, 'POPULATION_AND_SOCIETY'],
  [/communication|telecom|information|internet/, 'INFORMATIONS_AND_COMMUNICATIONS'],
];

const CATEGORY_SET = new Set<string>(CATEGORIES);

/** The category one theme stands for, or null when it names none we know. */
export function categoryOfTheme(theme: string): TCategory | null {
  const last = theme.trim().replace(/\/+$/, '').split(/[/#]/).pop() ?? '';
  if (CATEGORY_SET.has(last)) return last as TCategory;
  const upper = last.toUpperCase();
  if (EU_THEME_CATEGORIES[upper]) return EU_THEME_CATEGORIES[upper]!;
  const slug = theme.toLowerCase().replace(/[\s_&]+/g, '-');
  for (const [pattern, category] of WORD_CATEGORIES) if (pattern.test(slug)) return category;
  return null;
}

/**
 * Our categories for a source's themes (EU data themes, CKAN groups, free-text labels or our own
 * category names), unique, in the themes' order; OTHERS when none maps.
 */
export function mapThemes(themes: readonly string[]): TCategory[] {
  const categories: TCategory[] = [];
  for (const theme of themes) {
    const category = categoryOfTheme(theme);
    if (category && !categories.includes(category)) categories.push(category);
  }
  return categories.length > 0 ? categories : ['OTHERS'];
}
