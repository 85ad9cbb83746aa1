import { CATEGORIES, type TCategory, type TPaymentModel } from '@dsm/contracts';
import words from './generated-offer-words.json' with { type: 'json' };
import { LICENCE_CATALOGUE } from './licence-catalogue';
import type { TAgentRecord, TDatasetRecord, TDistributionRecord, TOfferRecord } from './offer-record';

export type TGenerateOffersOptions = {
  /** How many offers to generate. */
  count: number;
  /** Same seed, same catalogue. */
  seed?: number;
  /** Index of the first offer: a chunk from `start` equals the same slice of one long run. */
  start?: number;
};

// ---------------------------------------------------------------------------------------------------------------
// Randomness: one small PRNG per offer, seeded from (seed, index), so any offer can be made without the ones
// before it and chunks can be generated independently (or in parallel) with identical results.

export type TRandom = () => number;

/** mulberry32: tiny, fast and good enough for demo data. */
export function mulberry32(seed: number): TRandom {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** murmur3's finaliser: a bijection on 32-bit integers, so distinct indexes get distinct streams. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export const pick = <T>(random: TRandom, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
export const chance = (random: TRandom, probability: number): boolean => random() < probability;
export const between = (random: TRandom, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));
const logUniform = (random: TRandom, min: number, max: number): number =>
  Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min)));

export function pickWeighted<T>(random: TRandom, items: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, weight] of items) total += weight;
  let roll = random() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

const hex = (value: number, digits: number): string =>
  (value >>> 0)
    .toString(16)
    .padStart(8, '0')
    .slice(8 - digits);

/** A URL-safe slug; German letters are transliterated the way German URLs spell them. */
export function slugify(text: string): string {
  return text
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

// ---------------------------------------------------------------------------------------------------------------
// Vocabulary: topics per category with German and English phrasings and the keywords portals tag them with.

type TTopic = {
  de: readonly string[];
  en: readonly string[];
  keywords: readonly string[];
  /** A time series and how often it is plausibly updated: titles and descriptions may name the frequency. */
  series?: 'fast' | 'slow' | 'any';
  detailDe?: string;
  detailEn?: string;
};

type TCategoryVocabulary = { topics: readonly TTopic[]; keywords: readonly string[] };

/**
 * The generator's word lists and tables: topics, places, organisations, names, formats and licences, kept as data in
 * `generated-offer-words.json`. Read once, as the shapes below.
 */
const WORDS = words as unknown as {
  vocabulary: Record<TCategory, TCategoryVocabulary>;
  genericKeywords: readonly string[];
  states: readonly (readonly [string, string])[];
  germanCities: readonly (readonly [string, string])[];
  europeanCities: readonly (readonly [string, string, string])[];
  districts: readonly (readonly [string, string])[];
  federalBodies: readonly string[];
  companyPrefixes: readonly string[];
  companySuffixes: readonly string[];
  firstNames: readonly string[];
  lastNames: readonly string[];
  formats: readonly (readonly [{ format: string; mediaType: string | null; extension: string }, number])[];
  openLicences: readonly (readonly [string, number])[];
  paidLicences: readonly (readonly [string, number])[];
  unknownLicenceTexts: readonly string[];
  termsOfUse: readonly string[];
  /** How often a series is updated, in the words of the texts, by name. */
  frequencies: Record<string, TFrequency>;
  /** The frequencies each kind of series picks from, by name, the likelier ones repeated. */
  seriesFrequencies: Record<NonNullable<TTopic['series']>, readonly string[]>;
};

const VOCABULARY = WORDS.vocabulary;

/** Keywords any offer may carry, whatever its category. */
const GENERIC_KEYWORDS = WORDS.genericKeywords;

// ---------------------------------------------------------------------------------------------------------------
// Places: German cities, districts and states, and European cities, with the forms the texts need.

type TPlace = {
  /** The bare name in German, used in titles and as a keyword. */
  nameDe: string;
  titleDe: readonly string[];
  inDe: string;
  nameEn: string;
  titleEn: readonly string[];
  inEn: string;
  country: string;
};

const STATES = WORDS.states;

/** German cities: German name, English name. */
const GERMAN_CITIES = WORDS.germanCities;

/** European cities: German name, English (or local) name, country. */
const EUROPEAN_CITIES = WORDS.europeanCities;

/** German districts: German name, English name. */
const DISTRICTS = WORDS.districts;

/**
 * A place named `de` in German and `en` in English: by default titles say its name and texts "in" it, in Germany;
 * `forms` gives what differs.
 */
function place(de: string, en: string, forms: Partial<Omit<TPlace, 'nameDe' | 'nameEn'>> = {}): TPlace {
  return {
    nameDe: de,
    titleDe: forms.titleDe ?? [de],
    inDe: forms.inDe ?? `in ${de}`,
    nameEn: en,
    titleEn: forms.titleEn ?? [en],
    inEn: forms.inEn ?? `in ${en}`,
    country: forms.country ?? 'DE',
  };
}

function buildPlaces(): { german: TPlace[]; states: TPlace[]; districts: TPlace[]; european: TPlace[] } {
  const german = GERMAN_CITIES.map(([de, en]) =>
    place(de, en, { titleDe: [de, `Stadt ${de}`], titleEn: [en, `City of ${en}`] }),
  );
  // German says "im Saarland" but "in Bayern".
  const states = STATES.map(([de, en]) => place(de, en, { inDe: de === 'Saarland' ? 'im Saarland' : `in ${de}` }));
  const districts = DISTRICTS.map(([de, en]) => place(de, en, { inDe: `im ${de}`, inEn: `in the ${en}` }));
  const european = EUROPEAN_CITIES.map(([de, en, country]) => place(de, en, { country }));
  return { german, states, districts, european };
}

const PLACES = buildPlaces();
const GERMANY = place('Deutschland', 'Germany', { titleDe: ['Deutschland', 'bundesweit'] });

function pickPlace(random: TRandom): TPlace {
  const roll = random();
  if (roll < 0.5) return pick(random, PLACES.german);
  if (roll < 0.7) return pick(random, PLACES.states);
  if (roll < 0.84) return pick(random, PLACES.districts);
  if (roll < 0.97) return pick(random, PLACES.european);
  return GERMANY;
}

type TFrequency = { deAdverb: string; deAdjective: string; enAdjective: string; enAdverb: string };

const frequenciesNamed = (names: readonly string[]): readonly TFrequency[] =>
  names.map((name) => WORDS.frequencies[name]!);

/** Sensors report hourly, registers yearly: each kind of series picks from what fits it. */
const FREQUENCIES: Record<NonNullable<TTopic['series']>, readonly TFrequency[]> = {
  fast: frequenciesNamed(WORDS.seriesFrequencies.fast),
  slow: frequenciesNamed(WORDS.seriesFrequencies.slow),
  any: frequenciesNamed(WORDS.seriesFrequencies.any),
};

// ---------------------------------------------------------------------------------------------------------------
// Agents: ~300 organisations and ~1000 people, the same for every seed so agent ids stay stable.

const AGENT_BASE = 'https://dsm.example/agents';

type TOrganisation = TAgentRecord & { name: string; slug: string; place: string | null };

const FEDERAL_BODIES = WORDS.federalBodies;

const COMPANY_PREFIXES = WORDS.companyPrefixes;
const COMPANY_SUFFIXES = WORDS.companySuffixes;

const EUROPEAN_AUTHORITY: Record<string, (name: string) => string> = {
  AT: (name) => `Stadt ${name}`,
  CH: (name) => `Stadt ${name}`,
  FR: (name) => `Ville de ${name}`,
  DK: (name) => `${name} Kommune`,
  SE: (name) => `${name} stad`,
  PL: (name) => `Urząd Miasta ${name}`,
  CZ: (name) => `Magistrát města ${name}`,
  BE: (name) => `Stad ${name}`,
  NL: (name) => `Gemeente ${name}`,
  LU: (name) => `Ville de ${name}`,
  SI: (name) => `Mestna občina ${name}`,
  EE: (name) => `${name} Linnavalitsus`,
  FI: (name) => `${name}n kaupunki`,
  IS: (name) => `${name} borg`,
  IT: (name) => `Comune di ${name}`,
  ES: (name) => `Ayuntamiento de ${name}`,
  PT: (name) => `Câmara Municipal do ${name}`,
};

function organisation(name: string, place: string | null): TOrganisation {
  const slug = slugify(name);
  return {
    id: `${AGENT_BASE}/org/${slug}`,
    type: 'foaf:Organization',
    name,
    email: `opendata@${slug}.example.org`,
    slug,
    place,
  };
}

function buildOrganisations(): TOrganisation[] {
  const random = mulberry32(0x0a9e175);
  const candidates: TOrganisation[] = [];
  for (const [city] of GERMAN_CITIES) candidates.push(organisation(`Stadt ${city}`, city));
  for (const [city] of GERMAN_CITIES.slice(0, 36)) candidates.push(organisation(`Stadtwerke ${city}`, city));
  for (const [city] of GERMAN_CITIES.slice(10, 40)) candidates.push(organisation(`Universität ${city}`, city));
  for (const [city] of GERMAN_CITIES.slice(30, 55)) candidates.push(organisation(`Hochschule ${city}`, city));
  for (const [city] of GERMAN_CITIES.slice(0, 25)) candidates.push(organisation(`Verkehrsverbund ${city}`, city));
  for (const [state] of STATES) {
    candidates.push(organisation(`Statistisches Landesamt ${state}`, state));
    candidates.push(organisation(`Landesamt für Umwelt ${state}`, state));
    candidates.push(organisation(`Landesamt für Vermessung und Geoinformation ${state}`, state));
    candidates.push(organisation(`Ministerium für Verkehr ${state}`, state));
  }
  for (const [district] of DISTRICTS) candidates.push(organisation(district, district));
  for (const [de, local, country] of EUROPEAN_CITIES) {
    // Austrian and Swiss German-speaking authorities use the German name.
    const name = country === 'AT' || country === 'CH' ? de : local;
    candidates.push(organisation(EUROPEAN_AUTHORITY[country]!(name), de));
  }
  for (const name of FEDERAL_BODIES) candidates.push(organisation(name, null));
  for (const prefix of COMPANY_PREFIXES) {
    // Suffixes starting with a space make two words ('Rhein Datenwerk GmbH'), the others one ('Geoanalytics GmbH').
    for (const suffix of COMPANY_SUFFIXES)
      if (chance(random, 0.5)) candidates.push(organisation(`${prefix}${suffix}`, null));
  }
  for (const [city] of GERMAN_CITIES.slice(0, 20))
    candidates.push(organisation(`Open Knowledge Lab ${city} e.V.`, city));
  const unique = [...new Map(candidates.map((candidate) => [candidate.id, candidate])).values()];
  // A fixed shuffle, then the first 300: the pool is the same for every seed.
  for (let i = unique.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [unique[i], unique[j]] = [unique[j]!, unique[i]!];
  }
  return unique.slice(0, 300);
}

const FIRST_NAMES = WORDS.firstNames;

const LAST_NAMES = WORDS.lastNames;

function buildPeople(): TAgentRecord[] {
  const random = mulberry32(0x9e0971e);
  const people = new Map<string, TAgentRecord>();
  while (people.size < 1000) {
    const firstName = pick(random, FIRST_NAMES);
    const lastName = pick(random, LAST_NAMES);
    const slug = `${slugify(firstName)}-${slugify(lastName)}`;
    if (people.has(slug)) continue;
    people.set(slug, {
      id: `${AGENT_BASE}/person/${slug}`,
      type: 'foaf:Person',
      firstName,
      lastName,
      email: chance(random, 0.7) ? `${slug.replace('-', '.')}@example.org` : null,
    });
  }
  return [...people.values()];
}

const ORGANISATIONS = buildOrganisations();
const PEOPLE = buildPeople();
const ORGANISATIONS_BY_PLACE = new Map<string, TOrganisation[]>();
for (const org of ORGANISATIONS) {
  if (!org.place) continue;
  const list = ORGANISATIONS_BY_PLACE.get(org.place) ?? [];
  list.push(org);
  ORGANISATIONS_BY_PLACE.set(org.place, list);
}

/** The organisations and people generated offers name; the same for every seed. */
export const GENERATED_AGENTS: { organisations: readonly TAgentRecord[]; people: readonly TAgentRecord[] } = {
  organisations: ORGANISATIONS.map(({ slug: _slug, place: _place, ...agent }) => agent),
  people: PEOPLE,
};

const agentOf = (org: TOrganisation): TAgentRecord => ({
  id: org.id,
  type: org.type,
  name: org.name,
  email: org.email ?? null,
});

// ---------------------------------------------------------------------------------------------------------------
// Distributions, licences, prices and dates.

type TFormat = { format: string; mediaType: string | null; extension: string };

const FORMATS = WORDS.formats;

const OPEN_LICENCES = WORDS.openLicences;

const PAID_LICENCES = WORDS.paidLicences;

/** Licence texts no catalogue entry knows: shown as 'n/a'. */
const UNKNOWN_LICENCE_TEXTS = WORDS.unknownLicenceTexts;

/** The spellings of every catalogue licence: its id, title, URL and mappings. */
const LICENCE_SPELLINGS = new Map(
  LICENCE_CATALOGUE.map((licence) => [
    licence.licenceId,
    [licence.licenceId, licence.licenceTitle, licence.licenceUrl, ...licence.mappings],
  ]),
);

function licenceText(random: TRandom, isPaid: boolean): string | null {
  const roll = random();
  if (roll < 0.03) return null;
  if (roll < 0.07) return pick(random, UNKNOWN_LICENCE_TEXTS);
  const id = pickWeighted(random, isPaid ? PAID_LICENCES : OPEN_LICENCES);
  const spellings = LICENCE_SPELLINGS.get(id)!;
  // Most publishers write the id or the URL; the rest spread over the other spellings.
  if (chance(random, 0.45)) return id;
  if (chance(random, 0.3)) return spellings[2]!;
  return pick(random, spellings);
}

const KB = 1024;
const MAX_BYTES = 50 * 1024 ** 3;

const FIRST_DAY = Date.UTC(2012, 0, 1);
const LAST_ISSUED = Date.UTC(2026, 5, 30);
/** No date lies after this instant (the demo's "now"). */
export const GENERATED_DATES_BEFORE = Date.UTC(2026, 10, 1);

const atSecond = (ms: number): Date => new Date(Math.floor(ms / 1000) * 1000);

function price(random: TRandom, model: TPaymentModel): number {
  switch (model) {
    case 'FREE_OF_CHARGE':
      return 0;
    case 'PAY_PER_USE_DOWNLOAD':
      return Math.round(logUniform(random, 5, 500)) + pick(random, [0, 0.5, 0.9, 0.99]);
    case 'SUBSCRIPTION_BASED':
      return Math.round(logUniform(random, 9, 400)) + pick(random, [0, 0.99]);
    case 'DATA_VOLUME_BASED':
      return Math.round(logUniform(random, 1, 250)) / 100;
  }
}

/** A generated offer's payment model: most are free, the rest paid per download, by subscription or by volume. */
export function paymentModel(random: TRandom): TPaymentModel {
  const roll = random();
  if (roll < 0.6) return 'FREE_OF_CHARGE';
  if (roll < 0.75) return 'PAY_PER_USE_DOWNLOAD';
  if (roll < 0.9) return 'SUBSCRIPTION_BASED';
  return 'DATA_VOLUME_BASED';
}

// ---------------------------------------------------------------------------------------------------------------
// Texts.

type TTextParts = {
  topic: TTopic;
  topicDe: string;
  topicEn: string;
  place: TPlace;
  frequency: TFrequency;
  from: number;
  to: number;
  publisher: string;
  formats: string[];
  keywords: string[];
};

const years = (p: TTextParts): string => (p.from === p.to ? String(p.to) : `${p.from}–${p.to}`);

function germanTitle(random: TRandom, p: TTextParts): string {
  const place = pick(random, p.place.titleDe);
  const span = years(p);
  switch (between(random, 0, p.topic.series ? 4 : 3)) {
    case 0:
      return `${p.topicDe} ${place} ${span}`;
    case 1:
      return `${p.topicDe} ${p.place.inDe} (${p.to})`;
    case 2:
      return `${p.place.nameDe}: ${p.topicDe} ${span}`;
    case 3:
      return `${p.topicDe} – ${place}`;
    default:
      return `${p.frequency.deAdjective} ${p.topicDe} ${p.place.inDe}`;
  }
}

function englishTitle(random: TRandom, p: TTextParts): string {
  const place = pick(random, p.place.titleEn);
  const span = years(p);
  switch (between(random, 0, p.topic.series ? 4 : 3)) {
    case 0:
      return `${capitalise(p.topicEn)} – ${place} ${span}`;
    case 1:
      return `${capitalise(p.topicEn)} ${p.place.inEn} (${p.to})`;
    case 2:
      return `${place} ${p.topicEn}, ${span}`;
    case 3:
      return p.from === p.to
        ? `${capitalise(p.topicEn)} for ${place}, ${p.to}`
        : `${capitalise(p.topicEn)} for ${place}, ${p.from} to ${p.to}`;
    default:
      return `${capitalise(p.frequency.enAdjective)} ${p.topicEn} ${p.place.inEn}`;
  }
}

/** A list in German prose: "CSV, JSON und XLSX". */
export const listDe = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} und ${items[items.length - 1]}`;
/** A list in English prose: "CSV, JSON and XLSX". */
export const listEn = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

function germanDescription(random: TRandom, p: TTextParts): string {
  const sentences: string[] = [];
  switch (between(random, 0, 2)) {
    case 0:
      sentences.push(
        p.from === p.to
          ? `Der Datensatz enthält ${p.topicDe} ${p.place.inDe} für das Jahr ${p.to}.`
          : `Der Datensatz enthält ${p.topicDe} ${p.place.inDe} für den Zeitraum ${p.from} bis ${p.to}.`,
      );
      break;
    case 1:
      sentences.push(`Dieser Datensatz umfasst ${p.topicDe} ${p.place.inDe} (${years(p)}).`);
      break;
    default:
      sentences.push(`Bereitgestellt werden ${p.topicDe} ${p.place.inDe}, Stand ${p.to}.`);
  }
  sentences.push(
    p.topic.series
      ? `Die Daten werden ${p.frequency.deAdverb} erhoben (Quelle: ${p.publisher}) und als ${listDe(p.formats)} veröffentlicht.`
      : `Herausgeber: ${p.publisher}. Die Daten stehen als ${listDe(p.formats)} zur Verfügung.`,
  );
  if (p.topic.detailDe && chance(random, 0.7)) sentences.push(p.topic.detailDe);
  const extras = [
    'Die Veröffentlichung erfolgt im Rahmen der Open-Data-Strategie des Landes.',
    `Werte vor ${p.from + 1} sind nur eingeschränkt vergleichbar, da die Erhebungsmethode geändert wurde.`,
    'Fehlende Werte sind als leere Felder gekennzeichnet.',
    'Die Koordinaten liegen im Bezugssystem ETRS89 / UTM Zone 32N vor.',
    'Zusätzlich steht eine Schnittstelle (API) für den automatisierten Abruf zur Verfügung.',
    `Enthalten sind u. a. Angaben zu ${listDe(p.keywords.slice(0, 2))}.`,
    'Die Daten dürfen unter Angabe der Quelle weiterverwendet werden.',
    'Hinweis: Die Ergebnisse des letzten Jahres sind vorläufig.',
    'Eine Beschreibung der Merkmale findet sich in der beigefügten Dokumentation.',
  ];
  for (let n = between(random, 0, 2); n > 0; n--) sentences.push(pick(random, extras));
  return [...new Set(sentences)].join(' ');
}

function englishDescription(random: TRandom, p: TTextParts): string {
  const sentences: string[] = [];
  switch (between(random, 0, 2)) {
    case 0:
      sentences.push(
        p.from === p.to
          ? `This dataset contains ${p.topicEn} ${p.place.inEn} for the year ${p.to}.`
          : `This dataset contains ${p.topicEn} ${p.place.inEn} for the period ${p.from} to ${p.to}.`,
      );
      break;
    case 1:
      sentences.push(`${capitalise(p.topicEn)} ${p.place.inEn} (${years(p)}).`);
      break;
    default:
      sentences.push(`Provides ${p.topicEn} ${p.place.inEn}, as of ${p.to}.`);
  }
  sentences.push(
    p.topic.series
      ? `The data is collected ${p.frequency.enAdverb} by ${p.publisher} and published as ${listEn(p.formats)}.`
      : `Published by ${p.publisher}; the data is available as ${listEn(p.formats)}.`,
  );
  if (p.topic.detailEn && chance(random, 0.7)) sentences.push(p.topic.detailEn);
  const extras = [
    'It is published as part of the open data strategy of the state.',
    `Values before ${p.from + 1} are only partly comparable because the survey method changed.`,
    'Missing values are left empty.',
    'Coordinates use the ETRS89 / UTM zone 32N reference system.',
    'An API for automated access is also available.',
    `It includes information on ${listEn(p.keywords.slice(0, 2))}.`,
    'The data may be reused with attribution.',
    'Note: results for the latest year are provisional.',
    'The attached documentation describes every field.',
  ];
  for (let n = between(random, 0, 2); n > 0; n--) sentences.push(pick(random, extras));
  return [...new Set(sentences)].join(' ');
}

// ---------------------------------------------------------------------------------------------------------------
// The offer.

const TERMS_OF_USE = WORDS.termsOfUse;

/** A deterministic UUID-shaped id: hashed bits, the seed's tag and the index, so ids never collide within a seed. */
function offerId(random: TRandom, seedTag: number, index: number): string {
  const a = Math.floor(random() * 2 ** 32);
  const b = Math.floor(random() * 2 ** 32);
  const variant = (8 + Math.floor(random() * 4)).toString(16);
  return `${hex(a, 8)}-${hex(b >>> 16, 4)}-4${hex(b, 3)}-${variant}${hex(a >>> 7, 3)}-${hex(seedTag, 4)}${hex(index, 8)}`;
}

function uniqueKeywords(random: TRandom, topic: TTopic, category: TCategory, place: TPlace): string[] {
  const wanted = between(random, 3, 8);
  const chosen = new Set<string>();
  const topicKeywords = topic.keywords;
  const categoryKeywords = VOCABULARY[category].keywords;
  const fromTopic = Math.min(topicKeywords.length, between(random, 2, 4));
  while (chosen.size < fromTopic) chosen.add(pick(random, topicKeywords));
  const fromCategory = between(random, 1, 2);
  for (let i = 0; i < fromCategory && chosen.size < wanted; i++) chosen.add(pick(random, categoryKeywords));
  if (chosen.size < wanted && chance(random, 0.5)) chosen.add(pick(random, GENERIC_KEYWORDS));
  if (chosen.size < wanted && chance(random, 0.2)) chosen.add(place.nameDe);
  while (chosen.size < wanted) chosen.add(pick(random, chance(random, 0.5) ? topicKeywords : categoryKeywords));
  return [...chosen].slice(0, 8);
}

function pickOrganisation(random: TRandom, place: TPlace): TOrganisation {
  const local = ORGANISATIONS_BY_PLACE.get(place.nameDe);
  if (local && chance(random, 0.6)) return pick(random, local);
  return pick(random, ORGANISATIONS);
}

function makeDistributions(
  random: TRandom,
  datasetKey: string,
  org: TOrganisation,
  language: string,
  topicTitle: string,
  year: number,
  formats: TFormat[],
  isPaid: boolean,
): TDistributionRecord[] {
  const licence = licenceText(random, isPaid);
  const file = `${slugify(topicTitle).slice(0, 40)}-${year}`;
  return formats.map((format, position) => {
    const accessUrl =
      format.format === 'WMS'
        ? `https://geodienste.${org.slug}.example.org/wms?SERVICE=WMS&REQUEST=GetCapabilities`
        : format.format === 'API'
          ? `https://api.${org.slug}.example.org/v1/${file}`
          : chance(random, 0.7)
            ? `https://opendata.${org.slug}.example.org/dataset/${file}/${file}.${format.extension}`
            : `https://download.example.net/${datasetKey}/${position}.${format.extension}`;
    const isDocumentation = format.format === 'PDF';
    const title =
      language === 'de'
        ? isDocumentation
          ? 'Dokumentation der Merkmale (PDF)'
          : pick(random, [
              `${topicTitle} ${year} (${format.format})`,
              `Gesamtdatensatz als ${format.format}`,
              `Download ${format.format}`,
            ])
        : isDocumentation
          ? 'Data dictionary (PDF)'
          : pick(random, [
              `${topicTitle} ${year} (${format.format})`,
              `Full dataset as ${format.format}`,
              `${format.format} download`,
            ]);
    return {
      id: `https://dsm.example/distributions/${datasetKey}-${position}`,
      title,
      mediaType: format.mediaType,
      format: format.format,
      // Now and then one file of a dataset carries another spelling or licence, as on real portals.
      licence: position > 0 && chance(random, 0.1) ? licenceText(random, isPaid) : licence,
      accessUrl,
      byteSize:
        format.format === 'WMS' || format.format === 'API' || chance(random, 0.08)
          ? null
          : Math.round(logUniform(random, KB, MAX_BYTES)),
    };
  });
}

function makeOffer(seedMix: number, seedTag: number, index: number): TOfferRecord {
  const random = mulberry32(mix32(index ^ seedMix) ^ mix32(seedMix + index));
  const id = offerId(random, seedTag, index);
  const language = chance(random, 0.5) ? 'de' : 'en';
  const primary = CATEGORIES[Math.floor(random() * CATEGORIES.length)]!;
  const categories = [primary];
  const extraCategories = random() < 0.55 ? 0 : random() < 0.67 ? 1 : 2;
  while (categories.length < 1 + extraCategories) {
    const other = pick(random, CATEGORIES);
    if (!categories.includes(other)) categories.push(other);
  }
  const topic = pick(random, VOCABULARY[primary].topics);
  const place = pickPlace(random);
  const org = pickOrganisation(random, place);
  const to = between(random, 2013, 2026);
  const from = chance(random, 0.25) ? to : Math.max(2000, to - between(random, 1, 12));
  const model = paymentModel(random);
  const isPaid = model !== 'FREE_OF_CHARGE';
  const formatCount = between(random, 1, 4);
  const formats: TFormat[] = [];
  while (formats.length < formatCount) {
    const format = pickWeighted(random, FORMATS);
    if (!formats.includes(format)) formats.push(format);
  }
  const keywords = uniqueKeywords(random, topic, primary, place);
  const parts: TTextParts = {
    topic,
    topicDe: pick(random, topic.de),
    topicEn: pick(random, topic.en),
    place,
    frequency: pick(random, FREQUENCIES[topic.series ?? 'slow']),
    from,
    to,
    publisher: org.name,
    formats: formats.map((format) => format.format),
    keywords,
  };
  const title = language === 'de' ? germanTitle(random, parts) : englishTitle(random, parts);
  const description = language === 'de' ? germanDescription(random, parts) : englishDescription(random, parts);
  const topicTitle = language === 'de' ? parts.topicDe : capitalise(parts.topicEn);

  const issuedMs = FIRST_DAY + random() * (LAST_ISSUED - FIRST_DAY);
  const datasets: TDatasetRecord[] = [];
  const datasetCount = chance(random, 0.85) ? 1 : 2;
  for (let position = 0; position < datasetCount; position++) {
    const datasetOrg = position === 0 || chance(random, 0.7) ? org : pick(random, ORGANISATIONS);
    const issued = position === 0 ? issuedMs : issuedMs + random() * (LAST_ISSUED - issuedMs);
    const modified = issued + random() * (GENERATED_DATES_BEFORE - 1000 - issued);
    const datasetKey = `${id}-${position}`;
    const datasetFormats = position === 0 ? formats : [pickWeighted(random, FORMATS)];
    datasets.push({
      id: `https://dsm.example/datasets/${datasetKey}`,
      issued: atSecond(issued),
      modified: atSecond(modified),
      publisher: agentOf(datasetOrg),
      creator: chance(random, 0.8) ? pick(random, PEOPLE) : null,
      custodian: chance(random, 0.25) ? agentOf(pick(random, ORGANISATIONS)) : null,
      themes: position === 0 ? [...categories] : [primary],
      distributions: makeDistributions(
        random,
        datasetKey,
        datasetOrg,
        language,
        topicTitle,
        to,
        datasetFormats,
        isPaid,
      ),
    });
  }
  const creator = datasets[0]!.creator;
  const author = creator ? `${creator.firstName} ${creator.lastName}` : null;
  const accessRoll = random();
  return {
    id,
    title,
    description,
    language,
    keywords,
    categories,
    paymentModel: model,
    price: price(random, model),
    isSellable: isPaid && chance(random, 0.92),
    author,
    authorEmail: creator?.email ?? null,
    maintainer: org.name,
    maintainerEmail: org.email ?? null,
    providerUrl: `https://${org.slug}.example.org`,
    provider: org.name,
    country: place.country,
    termsOfUse: chance(random, 0.2) ? pick(random, TERMS_OF_USE) : null,
    period:
      from === to ? String(to) : chance(random, 0.15) ? (language === 'de' ? 'laufend' : 'ongoing') : `${from}–${to}`,
    accessType: accessRoll < 0.7 ? 'DIRECT' : accessRoll < 0.9 ? 'API' : 'CONNECTOR',
    contentType: chance(random, 0.9) ? 'DATA' : 'SERVICE',
    datasets,
  };
}

/**
 * Generates realistic demo offers: half German, half English, composed from per-category vocabularies,
 * European places, ~300 publishers and ~1000 people, 1–4 files with licences written the ways real portals
 * write them, and all four payment models. Offer `i` depends only on (seed, i), so generating from `start`
 * gives exactly the same records as the same slice of one long run.
 */
export function* generateOffers({ count, seed = 1, start = 0 }: TGenerateOffersOptions): Generator<TOfferRecord> {
  const seedMix = mix32(seed ^ 0x5eed5eed);
  const seedTag = mix32(seed) & 0xffff;
  for (let index = start; index < start + count; index++) yield makeOffer(seedMix, seedTag, index);
}
