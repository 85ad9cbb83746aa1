// The realistic benchmark corpus. The demo catalogue (generate-offers.ts) composes every offer from about
// 2,000 words, so each word matches tens of thousands of offers at a million: nothing like a real catalogue,
// and too kind to any search engine. Here words are drawn with a Zipf distribution from the real words of the
// fixture catalogues and the demo, followed by an unbounded tail of generated names and codes, so the
// vocabulary keeps growing with the corpus as a real one does (Heaps' law). Titles come in series
// ("... 2019", "... 2020") and some datasets are federated copies under several publishers.
import { readFileSync } from 'node:fs';
import { CATEGORIES } from '@dsm/contracts';
import {
  between,
  chance,
  mix32,
  mulberry32,
  paymentModel,
  pick,
  pickWeighted,
  type TRandom,
} from '../../../apps/server/src/modules/catalogue/generate-offers';
import type {
  TAgentRecord,
  TDistributionRecord,
  TOfferRecord,
} from '../../../apps/server/src/modules/catalogue/offer-record';
import { corpusVocabulary, type TCorpusLanguage } from './corpus-vocabulary';

type TFormat = { format: string; mediaType: string | null; weight: number };

type TWordParts = {
  nameStarts: string[];
  nameMiddles: string[];
  nameEnds: string[];
  codeLetters: string;
  organisationForms: Record<TCorpusLanguage, string[]>;
  descriptionFrames: Record<TCorpusLanguage, string[]>;
  formats: TFormat[];
  licences: [string, number][];
};

const PARTS = JSON.parse(
  readFileSync(new URL('../../data/realistic-corpus.json', import.meta.url), 'utf8'),
) as TWordParts;

export type TGenerateRealisticOffersOptions = {
  /** How many offers to generate. */
  count: number;
  /** Same seed, same corpus. */
  seed?: number;
};

// ---------------------------------------------------------------------------------------------------------------
// Sampling.

/**
 * Draws ranks 0..size-1 with P(rank r) proportional to 1/(r+1)^exponent, by inverting the continuous
 * power law: one random number per draw, whatever the size.
 */
export function zipfSampler(size: number, exponent: number): (random: TRandom) => number {
  const a = 1 - exponent;
  if (Math.abs(a) < 1e-9) {
    const span = Math.log(size + 1);
    return (random) => Math.min(size - 1, Math.floor(Math.exp(random() * span)) - 1);
  }
  const top = (size + 1) ** a;
  return (random) => Math.min(size - 1, Math.floor((1 + random() * (top - 1)) ** (1 / a)) - 1);
}

// ---------------------------------------------------------------------------------------------------------------
// Generated names: the tail of the vocabulary. Name k is spelled from k's digits in a mixed radix over the
// syllable lists, so distinct k give distinct spellings (barring the odd syllable coincidence).

function generatedName(k: number): string {
  const { nameStarts, nameMiddles, nameEnds } = PARTS;
  let rest = k;
  const start = nameStarts[rest % nameStarts.length]!;
  rest = Math.floor(rest / nameStarts.length);
  const end = nameEnds[rest % nameEnds.length]!;
  rest = Math.floor(rest / nameEnds.length);
  let middle = '';
  while (rest > 0) {
    const digit = rest % (nameMiddles.length + 1);
    rest = Math.floor(rest / (nameMiddles.length + 1));
    if (digit > 0) middle += nameMiddles[digit - 1]!;
  }
  return `${start}${middle}${end}`;
}

/** Codes as catalogues carry them: station, district and form numbers ("KR0417", "W2231"). */
function generatedCode(k: number): string {
  const letters = PARTS.codeLetters;
  const first = letters[k % letters.length]!;
  const second = k % 3 === 0 ? letters[Math.floor(k / letters.length) % letters.length]! : '';
  return `${first}${second}${String(Math.floor(k / 7) + 100).padStart(4, '0')}`;
}

/** The generated tail, shared by every language: three names to one code. */
function tailWord(k: number): string {
  return k % 4 === 3 ? generatedCode(k >>> 2) : generatedName(k - (k >>> 2) + 7919);
}

/**
 * Words follow two regimes, as in real text: the real words with Zipf's exponent 1 (their ranks as the
 * sources give them), and a share of draws from the generated tail with a steeper exponent, which sets how
 * fast the vocabulary grows with the corpus (about tokens^(1/exponent) new words).
 */
const TAIL_SHARE = 0.12;
const TAIL_EXPONENT = 1.35;
const TAIL_RANKS = 50_000_000;
/** Title words skip the most frequent ranks: those are the function words ("of", "der", "the"). */
const TITLE_RANK_OFFSET = 40;

/** Ranks: 0..headSize-1 for real words, headSize and above for the generated tail. */
function twoRegimeSampler(headSize: number, tailShare: number, tailExponent: number): (random: TRandom) => number {
  const head = zipfSampler(headSize, 1);
  const tail = zipfSampler(TAIL_RANKS, tailExponent);
  return (random) => (random() < tailShare ? headSize + tail(random) : head(random));
}

const samplePlace = zipfSampler(400_000, 1.0);
const sampleOrganisation = zipfSampler(200_000, 1.05);

type TVocabulary = ReturnType<typeof corpusVocabulary>;

function germanCompound(vocabulary: TVocabulary, k: number): string {
  const nouns = vocabulary.germanNouns;
  const head = nouns[k % nouns.length]!;
  const tail = nouns[Math.floor(k / nouns.length) % nouns.length]!;
  return `${head}${tail.toLowerCase()}`;
}

/** The corpus word of a rank in one language: a real word, then the generated tail. */
export function wordAt(vocabulary: TVocabulary, language: TCorpusLanguage, rank: number): string {
  const real = vocabulary.words[language];
  if (rank < real.length) return real[rank]!;
  const tailRank = rank - real.length;
  // German grows by compounding as much as by names: every other tail word is a compound of demo nouns.
  if (language === 'de' && tailRank % 2 === 0) return germanCompound(vocabulary, tailRank >>> 1);
  return tailWord(language === 'de' ? tailRank >>> 1 : tailRank);
}

const samplers = new Map<string, (random: TRandom) => number>();

/** The sampler of a list of `headSize` real words (built once per list). */
function samplerFor(key: string, headSize: number, tailShare = TAIL_SHARE): (random: TRandom) => number {
  let sampler = samplers.get(key);
  if (!sampler) {
    sampler = twoRegimeSampler(headSize, tailShare, TAIL_EXPONENT);
    samplers.set(key, sampler);
  }
  return sampler;
}

function word(vocabulary: TVocabulary, language: TCorpusLanguage, random: TRandom, offset = 0): string {
  const real = vocabulary.words[language].length;
  const rank = samplerFor(language, real - offset)(random);
  return wordAt(vocabulary, language, rank + offset);
}

function placeName(k: number): string {
  return generatedName(k * 31 + 3);
}

type TOrganisation = { agent: TAgentRecord; name: string };

function organisation(language: TCorpusLanguage, k: number): TOrganisation {
  const forms = PARTS.organisationForms[language];
  const name = forms[k % forms.length]!.replace('{place}', placeName(Math.floor(k / forms.length)));
  return {
    name,
    agent: { id: `https://dsm.example/agents/realistic/${language}-${k}`, type: 'foaf:Organization', name },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The text of a dataset: everything a federated copy shares with its original.

type TDatasetText = {
  language: TCorpusLanguage;
  title: string;
  description: string;
  keywords: string[];
  categories: string[];
  publisher: TOrganisation;
  year: number;
};

/** Offers per series: series k holds offers 6k..6k+5 that are in a series at all. */
const SERIES_LENGTH = 6;

const titleCase = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function stemOf(vocabulary: TVocabulary, random: TRandom, language: TCorpusLanguage): string {
  if (language !== 'de' && chance(random, 0.12)) return pick(random, vocabulary.titles[language]);
  const count = between(random, 2, 5);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(word(vocabulary, language, random, TITLE_RANK_OFFSET));
  const place = chance(random, 0.6) ? placeName(samplePlace(random)) : null;
  const code = chance(random, 0.08) ? ` (${generatedCode(Math.floor(random() * 2 ** 24))})` : '';
  if (language === 'zh') return `${place ?? ''}${words.join('')}${code}`;
  const text = language === 'en' ? words.map(titleCase).join(' ') : titleCase(words.join(' '));
  if (!place) return `${text}${code}`;
  return language === 'en' ? `${text} – ${place}${code}` : `${text} ${place}${code}`;
}

function sentences(vocabulary: TVocabulary, random: TRandom, language: TCorpusLanguage, tokens: number): string {
  const out: string[] = [];
  let sentence: string[] = [];
  const separator = language === 'zh' ? '' : ' ';
  for (let i = 0; i < tokens; i++) {
    sentence.push(word(vocabulary, language, random));
    if (sentence.length >= 8 && (chance(random, 0.15) || i === tokens - 1)) {
      out.push(`${titleCase(sentence.join(separator))}${language === 'zh' ? '。' : '.'}`);
      sentence = [];
    }
  }
  if (sentence.length > 0) out.push(`${titleCase(sentence.join(separator))}${language === 'zh' ? '。' : '.'}`);
  return out.join(separator);
}

function datasetText(vocabulary: TVocabulary, seedMix: number, index: number): TDatasetText {
  const random = mulberry32(mix32(mix32(index) ^ seedMix));
  const isSeries = chance(random, 0.4);
  // A series shares its stem, language, publisher, keywords and categories; members differ in their year.
  const seriesKey = Math.floor(index / SERIES_LENGTH);
  const stemRandom = isSeries ? mulberry32(mix32(mix32(seriesKey) ^ seedMix ^ 0x5e41e5)) : random;
  const roll = stemRandom();
  const language: TCorpusLanguage = roll < 0.47 ? 'de' : roll < 0.95 ? 'en' : 'zh';
  const stem = stemOf(vocabulary, stemRandom, language);
  const publisher = organisation(language, sampleOrganisation(stemRandom));
  const keywordCount = between(stemRandom, 3, 8);
  const keywords = new Set<string>();
  const sampleKeyword = samplerFor('keywords', vocabulary.keywords.length, 0.08);
  for (let i = 0; keywords.size < keywordCount && i < 20; i++) {
    const rank = sampleKeyword(stemRandom);
    keywords.add(rank < vocabulary.keywords.length ? vocabulary.keywords[rank]! : placeName(rank));
  }
  const categories = [pick(stemRandom, CATEGORIES)];
  if (chance(stemRandom, 0.4)) {
    const other = pick(stemRandom, CATEGORIES);
    if (!categories.includes(other)) categories.push(other);
  }
  const year = isSeries ? 2014 + (index % SERIES_LENGTH) + (seriesKey % 6) : between(random, 2005, 2026);
  const title = isSeries || chance(random, 0.4) ? `${stem} ${year}` : stem;
  const frame = pick(random, PARTS.descriptionFrames[language])
    .replace('{title}', title)
    .replace('{publisher}', publisher.name);
  const body = sentences(vocabulary, random, language, between(random, 14, 40));
  const description = `${frame}${language === 'zh' ? '' : ' '}${body}`;
  return { language, title, description, keywords: [...keywords], categories, publisher, year };
}

// ---------------------------------------------------------------------------------------------------------------
// The offer.

const FORMATS = PARTS.formats.map((format) => [format, format.weight] as const);
const LICENCES = PARTS.licences.map(([licence, weight]) => [licence, weight] as const);
/** Share of offers that are a federated copy of a dataset published shortly before them. */
const FEDERATED_SHARE = 0.04;

const hex = (value: number, digits: number): string =>
  (value >>> 0)
    .toString(16)
    .padStart(8, '0')
    .slice(8 - digits);

function makeOffer(vocabulary: TVocabulary, seedMix: number, seedTag: number, index: number): TOfferRecord {
  const random = mulberry32(mix32(mix32(index) ^ seedMix ^ 0x0ff3));
  const isCopy = index > 0 && chance(random, FEDERATED_SHARE);
  const source = isCopy ? Math.max(0, index - 1 - Math.floor(random() * 5000)) : index;
  const text = datasetText(vocabulary, seedMix, source);
  const publisher = isCopy
    ? organisation(text.language, sampleOrganisation(random) + 1 + (source % 7))
    : text.publisher;
  const a = Math.floor(random() * 2 ** 32);
  const b = Math.floor(random() * 2 ** 32);
  const id = `${hex(a, 8)}-${hex(b, 4)}-4${hex(b >>> 16, 3)}-a${hex(seedTag, 3)}-${index.toString(16).padStart(12, '0')}`;
  const model = paymentModel(random);
  const price =
    model === 'FREE_OF_CHARGE'
      ? 0
      : model === 'DATA_VOLUME_BASED'
        ? between(random, 1, 250) / 100
        : Math.round(Math.exp(Math.log(5) + random() * Math.log(100)));
  const licence = pickWeighted(random, LICENCES);
  const formatCount = between(random, 1, 3);
  const distributions: TDistributionRecord[] = [];
  for (let position = 0; position < formatCount; position++) {
    const format = pickWeighted(random, FORMATS);
    distributions.push({
      id: `https://dsm.example/realistic/distributions/${id}-${position}`,
      title: `${format.format}`,
      mediaType: format.mediaType,
      format: format.format,
      licence,
      accessUrl: `https://data.example.org/${id}/${position}.${format.format.toLowerCase()}`,
      byteSize: format.format === 'API' || format.format === 'WMS' ? null : between(random, 1_000, 500_000_000),
    });
  }
  const modified = new Date(Date.UTC(Math.min(text.year + 1, 2026), between(random, 0, 9), between(random, 1, 28)));
  return {
    id,
    title: text.title,
    description: text.description,
    language: text.language,
    keywords: text.keywords,
    categories: text.categories,
    paymentModel: model,
    price,
    isSellable: model !== 'FREE_OF_CHARGE',
    author: null,
    authorEmail: null,
    maintainer: publisher.name,
    maintainerEmail: null,
    providerUrl: null,
    provider: publisher.name,
    country: text.language === 'de' ? 'DE' : text.language === 'zh' ? 'TW' : 'US',
    termsOfUse: null,
    period: String(text.year),
    accessType: 'DIRECT',
    contentType: 'DATA',
    datasets: [
      {
        id: `https://dsm.example/realistic/datasets/${id}`,
        issued: modified,
        modified,
        publisher: publisher.agent,
        creator: null,
        custodian: null,
        themes: text.categories,
        distributions,
      },
    ],
  };
}

/**
 * Generates the realistic benchmark corpus: about 47 % German, 48 % English and 5 % Chinese offers whose
 * words follow a Zipf distribution over the fixture catalogues' and the demo's words and a growing tail of
 * generated names and codes; 40 % of titles in series of yearly editions; 4 % federated copies of a dataset
 * under another publisher. Offer `i` depends only on (seed, i).
 */
export function* generateRealisticOffers({
  count,
  seed = 1,
}: TGenerateRealisticOffersOptions): Generator<TOfferRecord> {
  const vocabulary = corpusVocabulary();
  const seedMix = mix32(seed ^ 0x2ea1);
  const seedTag = mix32(seed) & 0xfff;
  for (let index = 0; index < count; index++) yield makeOffer(vocabulary, seedMix, seedTag, index);
}
