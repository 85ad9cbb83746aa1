import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { scanText, type TPiece, type TToken } from './scan-text';

/** What an offer's search vector is computed from (the arguments of `dsm_offer_vector`). */
export type TOfferText = { language: string; title: string; keywords: readonly string[]; description: string };

/** A configuration's dictionaries for one token type, in order; a filter passes its output on. */
type TChain = { key: string; dictionaries: string[]; filters: boolean[] };

/** PostgreSQL's limits: a word of this many bytes is not indexed; positions stop at the maximum. */
const MAX_WORD_BYTES = 2047;
const MAX_POSITION = 16383;
const MAX_POSITIONS_PER_LEXEME = 256;
/** Lexemes remembered across batches (about 100 bytes each); the memory is cleared when full. */
const MAX_CACHED_WORDS = 100_000;

/** The characters `dsm_cjk_bigrams` pairs (migration 0007). */
const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+/g;
const HAS_CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/;

/** `dsm_cjk_bigrams`: the overlapping character pairs of every CJK run, a lone character alone. */
export function cjkBigrams(text: string): string {
  const pairs: string[] = [];
  for (const match of text.matchAll(CJK_RUN)) {
    const run = [...match[0]];
    if (run.length === 1) pairs.push(run[0]!);
    for (let i = 0; i + 1 < run.length; i++) pairs.push(run[i]! + run[i + 1]!);
  }
  return pairs.join(' ');
}

/** `dsm_ts_config`. */
const configurationOf = (language: string) =>
  language === 'en' ? 'dsm_en' : language === 'de' ? 'dsm_de' : 'dsm_simple';

type TField = { pieces: TPiece[]; weight: 'A' | 'B' | 'C'; configuration: string };

/** A field's lexemes with their positions, and the largest position (what `||` shifts the next field by). */
type TFieldVector = { lexemes: Map<string, number[]>; maxPosition: number };

const quoted = (lexeme: string) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * Computes offers' search vectors in Node, as `dsm_offer_vector` would, for writers of many offers at
 * once (the harvest): PostgreSQL then only reads the finished vector instead of parsing every title,
 * keyword and description, which was most of its work per harvested record.
 *
 * PostgreSQL stays the authority: `scanText` splits only the shapes of text it is known to split as
 * PostgreSQL's parser does and hands the other chunks to `ts_parse`; every word goes through the
 * configuration's own dictionaries (`ts_lexize`, remembered per word), read from the database's
 * configuration, not copied. An offer whose text holds markup, or so many words that PostgreSQL's
 * position limits come into play, gets null: the database computes its vector itself. `load` compares
 * vectors of sample texts with `dsm_offer_vector` and returns null when any differ (a database with
 * another character classification, or a changed vector function), so writers fall back entirely.
 */
export class OfferVectors {
  private readonly words = new Map<string, string[] | null>();

  private constructor(private readonly chains: Map<string, Map<string, TChain>>) {}

  static async load(db: TDb): Promise<OfferVectors | null> {
    const rows = await sql<{ configuration: string; alias: string; dictionaries: string[]; filters: boolean[] }>`
      select c.cfgname as configuration, t.alias,
             array_agg(m.mapdict::regdictionary::text order by m.mapseqno) as dictionaries,
             array_agg(tp.tmplname = 'unaccent' order by m.mapseqno) as filters
        from pg_ts_config_map m
        join pg_ts_config c on c.oid = m.mapcfg
        join pg_ts_dict d on d.oid = m.mapdict
        join pg_ts_template tp on tp.oid = d.dicttemplate
        join ts_token_type('default') t on t.tokid = m.maptokentype
       where c.cfgname in ('dsm_en', 'dsm_de', 'dsm_simple', 'simple')
       group by c.cfgname, t.alias`.execute(db);
    const chains = new Map<string, Map<string, TChain>>();
    for (const row of rows.rows) {
      const byType = chains.get(row.configuration) ?? new Map<string, TChain>();
      byType.set(row.alias, {
        key: row.dictionaries.join(','),
        dictionaries: row.dictionaries,
        filters: row.filters,
      });
      chains.set(row.configuration, byType);
    }
    if (chains.size !== 4) return null;
    const vectors = new OfferVectors(chains);
    const computed = await vectors.compute(db, SAMPLES);
    if (computed.some((vector) => vector === null)) return null;
    const check = await sql<{ same: boolean }>`
      select bool_and(s.vector::tsvector::text = dsm_offer_vector(s.language, s.title, s.keywords, s.description)::text) as same
        from json_to_recordset(${JSON.stringify(SAMPLES.map((sample, i) => ({ ...sample, vector: computed[i] })))}::json)
          as s(language text, title text, keywords text[], description text, vector text)`.execute(db);
    return check.rows[0]?.same ? vectors : null;
  }

  /** The offers' vectors as tsvector text, in order; null for an offer the database is to compute itself. */
  async compute(db: TDb, offers: readonly TOfferText[]): Promise<(string | null)[]> {
    if (this.words.size > MAX_CACHED_WORDS) this.words.clear();
    const fields = offers.map((offer) => this.fieldsOf(offer));
    const chunks = await this.parseChunks(db, fields);
    const results: (string | null)[] = new Array(offers.length).fill(null);
    let missing = new Map<string, { chain: TChain; word: string }>();
    const retry: number[] = [];
    fields.forEach((list, i) => {
      if (!list) return;
      const vector = this.vectorOf(list, chunks, missing);
      if (vector === undefined) retry.push(i);
      else results[i] = vector;
    });
    if (retry.length > 0) {
      await this.lexize(db, missing);
      missing = new Map();
      for (const i of retry) results[i] = this.vectorOf(fields[i]!, chunks, missing) ?? null;
    }
    return results;
  }

  private fieldsOf(offer: TOfferText): TField[] | null {
    const configuration = configurationOf(offer.language);
    const keywords = offer.keywords.join(' ');
    const texts = [
      [offer.title, 'A'],
      [keywords, 'B'],
      [offer.description, 'C'],
    ] as const;
    const fields: TField[] = [];
    for (const [text, weight] of texts) {
      const pieces = scanText(text);
      if (!pieces) return null;
      fields.push({ pieces, weight, configuration });
    }
    for (const [text, weight] of texts) {
      if (!HAS_CJK.test(text)) continue;
      const pieces = scanText(cjkBigrams(text));
      if (!pieces) return null;
      fields.push({ pieces, weight, configuration: 'simple' });
    }
    return fields;
  }

  /** PostgreSQL's tokens of the chunks the scanner left, blanks and unindexed types left out. */
  private async parseChunks(db: TDb, fields: readonly (TField[] | null)[]): Promise<Map<string, TToken[]>> {
    const chunks = new Set<string>();
    for (const list of fields) {
      for (const field of list ?? []) for (const piece of field.pieces) if ('chunk' in piece) chunks.add(piece.chunk);
    }
    const parsed = new Map<string, TToken[]>();
    if (chunks.size === 0) return parsed;
    const texts = [...chunks];
    for (const text of texts) parsed.set(text, []);
    const rows = await sql<{ i: string; alias: string; token: string }>`
      select c.i, t.alias, p.token
        from unnest(${texts}::text[]) with ordinality as c(text, i),
             ts_parse('default', c.text) with ordinality as p(tokid, token, n),
             ts_token_type('default') as t
       where t.tokid = p.tokid and t.alias <> 'blank'
       order by c.i, p.n`.execute(db);
    for (const row of rows.rows) {
      parsed.get(texts[Number(row.i) - 1]!)!.push({ type: row.alias as TToken['type'], text: row.token });
    }
    return parsed;
  }

  /**
   * The offer's vector as tsvector text, as `dsm_offer_vector` concatenates its weighted parts; undefined
   * when a word's lexemes are not known yet (added to `missing`), null past PostgreSQL's position limits.
   */
  private vectorOf(
    fields: readonly TField[],
    chunks: ReadonlyMap<string, TToken[]>,
    missing: Map<string, { chain: TChain; word: string }>,
  ): string | null | undefined {
    const parts: { vector: TFieldVector; weight: string }[] = [];
    let isComplete = true;
    for (const field of fields) {
      const vector = this.fieldVector(field, chunks, missing);
      if (vector === null) return null;
      if (vector === undefined) isComplete = false;
      else parts.push({ vector, weight: field.weight });
    }
    if (!isComplete) return undefined;
    const merged = new Map<string, string[]>();
    let offset = 0;
    for (const { vector, weight } of parts) {
      for (const [lexeme, positions] of vector.lexemes) {
        const list = merged.get(lexeme) ?? [];
        for (const position of positions) list.push(`${position + offset}${weight}`);
        if (list.length > MAX_POSITIONS_PER_LEXEME) return null;
        merged.set(lexeme, list);
      }
      offset += vector.maxPosition;
      if (offset > MAX_POSITION) return null;
    }
    let text = '';
    for (const [lexeme, positions] of merged) text += `${text ? ' ' : ''}${quoted(lexeme)}:${positions.join(',')}`;
    return text;
  }

  private fieldVector(
    field: TField,
    chunks: ReadonlyMap<string, TToken[]>,
    missing: Map<string, { chain: TChain; word: string }>,
  ): TFieldVector | null | undefined {
    const chains = this.chains.get(field.configuration)!;
    const lexemes = new Map<string, number[]>();
    let position = 0;
    let isComplete = true;
    const add = (token: TToken) => {
      const chain = chains.get(token.type);
      if (!chain) return;
      if (token.text.length * 3 >= MAX_WORD_BYTES && Buffer.byteLength(token.text) >= MAX_WORD_BYTES) return;
      const key = `${chain.key}\u0000${token.text}`;
      const found = this.words.get(key);
      if (found === undefined) {
        isComplete = false;
        missing.set(key, { chain, word: token.text });
        return;
      }
      if (found === null) return;
      position++;
      for (const lexeme of found) {
        const list = lexemes.get(lexeme);
        if (list) list.push(position);
        else lexemes.set(lexeme, [position]);
      }
    };
    for (const piece of field.pieces) {
      if ('chunk' in piece) for (const token of chunks.get(piece.chunk)!) add(token);
      else add(piece);
    }
    if (!isComplete) return undefined;
    if (position > MAX_POSITION) return null;
    return { lexemes, maxPosition: lexemes.size > 0 ? maxOf(lexemes) : 0 };
  }

  /**
   * Looks the missing words up in their dictionaries, as the configuration does: the first dictionary that
   * recognises a word gives its lexemes (none for a stop word); a filter (unaccent) hands its output on.
   */
  private async lexize(db: TDb, missing: ReadonlyMap<string, { chain: TChain; word: string }>): Promise<void> {
    let pending = [...missing].map(([key, { chain, word }]) => ({ key, chain, word, step: 0 }));
    while (pending.length > 0) {
      const rows = await sql<{ lexemes: string[] | null }>`
        select ts_lexize(x.dictionary::regdictionary, x.word) as lexemes
          from unnest(${pending.map((p) => p.chain.dictionaries[p.step]!)}::text[], ${pending.map((p) => p.word)}::text[])
            with ordinality as x(dictionary, word, i)
         order by x.i`.execute(db);
      const next: typeof pending = [];
      pending.forEach((entry, i) => {
        const lexemes = rows.rows[i]!.lexemes;
        const isFilter = entry.chain.filters[entry.step]!;
        const hasNext = entry.step + 1 < entry.chain.dictionaries.length;
        if (lexemes === null || (isFilter && lexemes.length > 0)) {
          if (hasNext) next.push({ ...entry, word: lexemes?.[0] ?? entry.word, step: entry.step + 1 });
          else this.words.set(entry.key, lexemes);
        } else this.words.set(entry.key, lexemes);
      });
      pending = next;
    }
  }
}

function maxOf(lexemes: ReadonlyMap<string, number[]>): number {
  let max = 0;
  for (const positions of lexemes.values()) for (const position of positions) if (position > max) max = position;
  return max;
}

/** Texts `load` checks against `dsm_offer_vector`: every configuration, stop words, hyphens, chunks, CJK. */
const SAMPLES: readonly TOfferText[] = [
  {
    language: 'en',
    title: 'The U.S. COVID-19 data-set, e.g. rates (2020-2023)',
    keywords: ['covid-19', 'sars-cov-2', 'Wastewater'],
    description:
      'Counts of cases—by state—at https://data.cdc.gov/x/y.csv; "see" also ~53 of the 1,322 sites: naïve café.',
  },
  {
    language: 'de',
    title: 'Ladesäulen in Köln – Straßen-Übersicht 2024',
    keywords: ['Elektromobilität', 'E-Auto'],
    description: 'Die Daten der Stadt über öffentliche Ladepunkte, 3.5 kW bis 150 kW (Stand: 01.02.2024).',
  },
  {
    language: 'zh',
    title: '臺灣生物多樣性網絡 TaiBIF 資料集',
    keywords: ['生物多樣性', 'GBIF'],
    description: '本資料集收錄，台灣（2019年）的物種出現紀錄。カタカナ と 한국어 too.',
  },
];
