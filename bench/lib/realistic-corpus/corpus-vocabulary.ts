// The real words of the realistic benchmark corpus: those of the fixture catalogues in
// ../shared/fixtures/catalog (data.cdc.gov in English, depositar in traditional Chinese and English) and of
// the demo generator (German and English), each list ranked by how often the word occurs there.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { generateOffers } from '../../../apps/server/src/modules/catalogue/generate-offers';
import { CKAN_JSONL_FIXTURE, DCAT_US_FIXTURE } from '../harvest-inputs';

export type TCorpusLanguage = 'de' | 'en' | 'zh';

export type TCorpusVocabulary = {
  /** Words per language, most frequent first, in their most frequent spelling. */
  words: Record<TCorpusLanguage, string[]>;
  /** Keywords and tags as portals write them, most frequent first. */
  keywords: string[];
  /** Real titles to build series on: data.cdc.gov's in English, depositar's in Chinese. */
  titles: { en: string[]; zh: string[] };
  /** German nouns the demo uses: the parts German compounds are made of. */
  germanNouns: string[];
};

/** Counts words case-insensitively and keeps each word's most frequent spelling. */
class WordCounter {
  private readonly counts = new Map<string, { spellings: Map<string, number>; total: number }>();

  add(word: string): void {
    const key = word.toLowerCase();
    let entry = this.counts.get(key);
    if (!entry) {
      entry = { spellings: new Map(), total: 0 };
      this.counts.set(key, entry);
    }
    entry.total++;
    entry.spellings.set(word, (entry.spellings.get(word) ?? 0) + 1);
  }

  /** Most frequent first; ties alphabetical, so the order never depends on insertion. */
  ranked(): string[] {
    return [...this.counts.entries()]
      .sort((a, b) => b[1].total - a[1].total || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([, entry]) => {
        let best = '';
        let bestCount = -1;
        for (const [spelling, count] of entry.spellings) {
          if (count > bestCount || (count === bestCount && spelling < best)) {
            best = spelling;
            bestCount = count;
          }
        }
        return best;
      });
  }
}

const HAN = /\p{Script=Han}/u;
const LATIN_WORD = /^\p{Script=Latin}[\p{Script=Latin}\p{N}]*$/u;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Word-like segments: Latin words of two letters or more and Chinese words (the ICU dictionary's). */
function* wordsOf(text: string | null | undefined): Generator<{ word: string; isHan: boolean }> {
  if (!text) return;
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) continue;
    const word = segment.segment;
    if (HAN.test(word)) yield { word, isHan: true };
    else if (word.length >= 2 && LATIN_WORD.test(word)) yield { word, isHan: false };
  }
}

type TCdcDataset = { title?: string; description?: string; keyword?: string[]; theme?: string[] };
type TCkanPackage = {
  title?: string;
  notes?: string;
  tags?: { display_name?: string; name?: string }[];
  organization?: { title?: string } | null;
};

let cached: TCorpusVocabulary | undefined;

/** Reads the fixtures and a demo sample once per process. */
export function corpusVocabulary(): TCorpusVocabulary {
  if (cached) return cached;
  const en = new WordCounter();
  const de = new WordCounter();
  const zh = new WordCounter();
  const keywords = new WordCounter();
  const nouns = new Set<string>();
  const titles = { en: [] as string[], zh: [] as string[] };

  const addText = (text: string | null | undefined, latin: WordCounter) => {
    for (const { word, isHan } of wordsOf(text)) (isHan ? zh : latin).add(word);
  };

  const cdc = JSON.parse(gunzipSync(readFileSync(DCAT_US_FIXTURE)).toString('utf8')) as { dataset: TCdcDataset[] };
  for (const dataset of cdc.dataset) {
    if (dataset.title) titles.en.push(dataset.title.trim());
    addText(dataset.title, en);
    addText(dataset.description, en);
    for (const keyword of [...(dataset.keyword ?? []), ...(dataset.theme ?? [])]) {
      keywords.add(keyword);
      addText(keyword, en);
    }
  }
  const depositar = gunzipSync(readFileSync(CKAN_JSONL_FIXTURE)).toString('utf8').split('\n').filter(Boolean);
  for (const line of depositar) {
    const record = JSON.parse(line) as TCkanPackage;
    if (record.title && HAN.test(record.title)) titles.zh.push(record.title.trim());
    addText(record.title, en);
    addText(record.notes, en);
    addText(record.organization?.title, en);
    for (const tag of record.tags ?? []) {
      const name = tag.display_name ?? tag.name;
      if (!name) continue;
      keywords.add(name);
      addText(name, en);
    }
  }
  // The demo catalogue is the only source of German; its English joins the English words.
  for (const offer of generateOffers({ count: 4000, seed: 24 })) {
    const counter = offer.language === 'de' ? de : en;
    addText(offer.title, counter);
    addText(offer.description, counter);
    for (const keyword of offer.keywords) {
      keywords.add(keyword);
      addText(keyword, counter);
    }
    if (offer.language === 'de') {
      for (const { word } of wordsOf(`${offer.title} ${offer.description}`)) {
        if (/^\p{Lu}\p{Ll}{3,}$/u.test(word)) nouns.add(word);
      }
    }
  }
  cached = {
    words: { de: de.ranked(), en: en.ranked(), zh: zh.ranked() },
    keywords: keywords.ranked(),
    titles,
    germanNouns: [...nouns].sort(),
  };
  return cached;
}
