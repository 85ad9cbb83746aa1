import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { THarvestCounts } from '@dsm/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeCkanPackage } from '../../test/factories';
import { useTemporaryFolder, useTestDatabase } from '../../test/lifecycle';
import { addSource } from './add-source';
import { emptyHarvestCounts } from './harvest-counts';
import { configureHarvestLocations } from './harvest-location-policy';
import { runHarvest } from './run-harvest';

configureHarvestLocations({ allowedHosts: ['127.0.0.1'], files: 'anywhere' });

const database = useTestDatabase();
const folder = useTemporaryFolder('dsm-harvest-loss-');

/** Text PostgreSQL refuses in text and json: the lone low surrogate of a real agency catalogue, a lone high one, NUL. */
const UNSTORABLE = ['\udc92', '\ud83d', '\u0000', '\u0000\udc92'] as const;
const bad = (index: number) => UNSTORABLE[index % UNSTORABLE.length]!;

type TStoredOffer = {
  identifier: string;
  id: string;
  title: string;
  description: string;
  keywords: string[];
  state: string;
  price: string;
};

async function offersOf(source: string): Promise<TStoredOffer[]> {
  const { rows } = await sql<TStoredOffer>`
    select r.identifier, o.id, o.title, o.description, o.keywords, o.state, o.price::text as price
    from harvest_records r join harvest_sources s on s.id = r.source_id join offers o on o.id = r.offer_id
    where s.name = ${source} order by r.identifier`.execute(database.db);
  return rows;
}

async function distributionTitlesOf(source: string): Promise<string[]> {
  const { rows } = await sql<{ title: string }>`
    select d.title from harvest_records r join harvest_sources s on s.id = r.source_id
    join datasets ds on ds.offer_id = r.offer_id join distributions d on d.dataset_id = ds.id
    where s.name = ${source} order by d.title`.execute(database.db);
  return rows.map((row) => row.title);
}

/** Writes `text` to the file `<name>.json`, adds that as the data.json source `name` and harvests it once. */
async function harvestDataJson(name: string, text: string) {
  const file = path.join(folder.path, `${name}.json`);
  await writeFile(file, text);
  await addSource(database.db, { name, location: file, format: 'dcat-us' });
  return runHarvest({ db: database.db, source: name });
}

async function failuresOf(runId: string): Promise<{ identifier: string | null; reason: string }[]> {
  const run = await database.db
    .selectFrom('harvest_runs')
    .select('failures')
    .where('id', '=', runId)
    .executeTakeFirstOrThrow();
  return run.failures as { identifier: string | null; reason: string }[];
}

const hasUnstorable = (text: string) =>
  text.includes('\u0000') || !(text as string & { isWellFormed(): boolean }).isWellFormed();

/** A DCAT-US entry whose texts carry text PostgreSQL refuses. */
const dirtyDcatUs = (index: number) => ({
  '@type': 'dcat:Dataset',
  identifier: `https://agency.example.gov/dataset/${index}`,
  title: `Agency${bad(index)}s report ${index}`,
  description: `The agency${bad(index + 1)}s yearly figures ${index}`,
  keyword: ['finance', `budget${bad(index + 2)}`],
  publisher: { '@type': 'org:Organization', name: `Agency${bad(index + 3)} of Examples` },
  contactPoint: { fn: `Desk${bad(index)}`, hasEmail: 'mailto:desk@agency.example.gov' },
  distribution: [{ title: `CSV${bad(index + 1)}`, downloadURL: `https://agency.example.gov/${index}.csv` }],
});

const jsonl = (records: unknown[]): string => records.map((record) => JSON.stringify(record)).join('\n');

/** A DCAT-US entry whose texts hold brackets, commas and escaped quotes, as agency catalogues' do. */
const agencyRecord = (index: number) => ({
  '@type': 'dcat:Dataset',
  identifier: `https://agency.example.gov/report/${index}`,
  title: `Agency report ${index}`,
  description: `Figures of report ${index} [annex {b}], "final", with a \\ and a }`,
  keyword: ['finance', 'report'],
  distribution: [{ title: 'CSV', downloadURL: `https://agency.example.gov/report/${index}.csv` }],
});

/**
 * A data.json of `count` generated records with the element at `at` (counted from 0) written as `broken`
 * instead; also answers the byte where that element starts.
 */
function dataJsonWith(count: number, at: number, broken: string): { text: string; brokenAt: number } {
  const head = '{"conformsTo": "https://project-open-data.cio.gov/v1.1/schema", "dataset": [\n';
  const before = Array.from({ length: at }, (_, i) => `${JSON.stringify(agencyRecord(i))},\n`).join('');
  const after = Array.from({ length: count - at - 1 }, (_, i) => `,\n${JSON.stringify(agencyRecord(at + 1 + i))}`);
  return { text: `${head}${before}${broken}${after.join('')}\n]}\n`, brokenAt: Buffer.byteLength(head + before) };
}

const countsSum = (counts: THarvestCounts): number =>
  counts.created + counts.updated + counts.unchanged + counts.duplicates + counts.failed;

describe('harvest runs lose no records', () => {
  it('stores every record of a data.json with lone surrogates and NULs in its texts, with U+FFFD in their place', async () => {
    // 1,100 records: three batches, each with unstorable text in most records.
    const file = path.join(folder.path, 'surrogates.json');
    await writeFile(file, JSON.stringify({ dataset: Array.from({ length: 1100 }, (_, i) => dirtyDcatUs(i)) }));
    // The file holds the escapes a real catalogue holds, not characters replaced on the way out.
    expect(await readFile(file, 'utf8')).toContain('Agency\\udc92s report 0');
    expect(await readFile(file, 'utf8')).toContain('\\u0000');
    await addSource(database.db, { name: 'surrogates', location: file, format: 'dcat-us' });

    const run = await runHarvest({ db: database.db, source: 'surrogates' });
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    expect(run.counts).toMatchObject({ created: 1100, failed: 0 });

    const offers = await offersOf('surrogates');
    expect(offers).toHaveLength(1100);
    const first = offers.find((offer) => offer.identifier === 'https://agency.example.gov/dataset/0')!;
    expect(first.title).toBe('Agency\ufffds report 0');
    expect(first.description).toBe('The agency\ufffds yearly figures 0');
    expect(first.keywords).toEqual(['finance', 'budget\ufffd']);
    const third = offers.find((offer) => offer.identifier === 'https://agency.example.gov/dataset/3')!;
    expect(third.title).toBe('Agency\ufffd\ufffds report 3');
    for (const offer of offers) {
      expect(hasUnstorable([offer.title, offer.description, ...offer.keywords].join(' '))).toBe(false);
    }
    expect(await distributionTitlesOf('surrogates')).toContain('CSV\ufffd');

    // Read again, the same replaced texts make the same records.
    const again = await runHarvest({ db: database.db, source: 'surrogates' });
    expect(again.counts).toMatchObject({ created: 0, unchanged: 1100, failed: 0 });
  }, 60_000);

  it('stores CKAN packages with lone surrogates and NULs in titles, notes, tags and an unreadable id', async () => {
    const file = path.join(folder.path, 'surrogates.jsonl');
    await writeFile(
      file,
      jsonl([
        makeCkanPackage('plain'),
        makeCkanPackage('dirty', {
          title: 'Caf\udc92 \u0000 list',
          notes: 'Notes\u0000',
          tags: [{ name: 'tag\ud800' }],
        }),
        // Unmappable (no title): its failure, identifier and reason, is stored with the run.
        { id: 'no-title-\udc92\u0000' },
      ]),
    );
    await addSource(database.db, { name: 'ckan-surrogates', location: file, format: 'ckan-jsonl' });

    const run = await runHarvest({ db: database.db, source: 'ckan-surrogates' });
    expect(run).toMatchObject({ status: 'succeeded', counts: { created: 2, failed: 1 } });
    const dirty = (await offersOf('ckan-surrogates')).find((offer) => offer.identifier === 'dirty')!;
    expect(dirty).toMatchObject({
      title: 'Caf\ufffd \ufffd list',
      description: 'Notes\ufffd',
      keywords: ['tag\ufffd'],
    });
    expect(await failuresOf(run.runId)).toEqual([
      { identifier: 'no-title-\ufffd\ufffd', reason: 'package no-title-\ufffd\ufffd has no title' },
    ]);
  }, 60_000);

  it('stores DCAT-AP records with lone surrogates and NULs in their literals', async () => {
    const file = path.join(folder.path, 'surrogates.ttl');
    await writeFile(
      file,
      `@prefix dcat: <http://www.w3.org/ns/dcat#> .
@prefix dct: <http://purl.org/dc/terms/> .
<https://portal.example.eu/dataset/1> a dcat:Dataset ;
  dct:identifier "ds-1" ;
  dct:title "Stra\\u0000e \\uDC92 one"@en ;
  dct:description "Line\\uD800 two"@en ;
  dcat:keyword "k\\u0000w" ;
  dcat:distribution [ a dcat:Distribution ; dct:title "Down\\uDC92load" ; dcat:downloadURL <https://portal.example.eu/1.csv> ] .
<https://portal.example.eu/dataset/2> a dcat:Dataset ; dct:identifier "ds-2" ; dct:title "Clean"@en .
`,
    );
    await addSource(database.db, { name: 'rdf-surrogates', location: file, format: 'dcat-turtle' });

    const run = await runHarvest({ db: database.db, source: 'rdf-surrogates' });
    expect(run).toMatchObject({ status: 'succeeded', counts: { created: 2, failed: 0 } });
    const [first] = await offersOf('rdf-surrogates');
    expect(first).toMatchObject({
      title: 'Stra\ufffde \ufffd one',
      description: 'Line\ufffd two',
      keywords: ['k\ufffdw'],
    });
    expect(await distributionTitlesOf('rdf-surrogates')).toContain('Down\ufffdload');
  }, 60_000);

  it('fails a record the database refuses alone, with its reason, and lands every other record of its batch', async () => {
    const file = path.join(folder.path, 'refused.jsonl');
    // A price beyond the column's numeric(14, 2): PostgreSQL refuses the row, as it would any value out of range.
    const tooDear = { payment_model: 'PAY_PER_USE_DOWNLOAD', price: '1e13' };
    const packages = Array.from({ length: 40 }, (_, i) => makeCkanPackage(`pkg-${i}`));
    packages[17] = makeCkanPackage('pkg-17', tooDear);
    await writeFile(file, jsonl(packages));
    await addSource(database.db, { name: 'refused', location: file, format: 'ckan-jsonl' });

    const run = await runHarvest({ db: database.db, source: 'refused' });
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    expect(run.counts).toEqual({ ...emptyHarvestCounts(), created: 39, failed: 1 });
    const offers = await offersOf('refused');
    expect(offers.map((offer) => offer.identifier)).not.toContain('pkg-17');
    expect(offers).toHaveLength(39);
    const failures = await failuresOf(run.runId);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.identifier).toBe('pkg-17');
    expect(failures[0]!.reason).toMatch(/^refused by the database: .*numeric field overflow/);
    const source = await database.db
      .selectFrom('harvest_sources')
      .select('last_counts')
      .where('name', '=', 'refused')
      .executeTakeFirstOrThrow();
    expect(source.last_counts).toMatchObject({ created: 39, failed: 1 });

    // A changed record the database refuses keeps its previous offer: it is still in the source.
    packages[17] = makeCkanPackage('pkg-17');
    packages[3] = makeCkanPackage('pkg-3', { title: 'Package pkg-3, now too dear', ...tooDear });
    packages[4] = makeCkanPackage('pkg-4', { title: 'Package pkg-4, renamed' });
    await writeFile(file, jsonl(packages));
    const second = await runHarvest({ db: database.db, source: 'refused' });
    expect(second.counts).toEqual({ ...emptyHarvestCounts(), created: 1, updated: 1, unchanged: 37, failed: 1 });
    const kept = (await offersOf('refused')).find((offer) => offer.identifier === 'pkg-3')!;
    expect(kept).toMatchObject({ title: 'Package pkg-3', state: 'ACTIVE', price: '0.00' });
    expect((await failuresOf(second.runId))[0]!.identifier).toBe('pkg-3');
  }, 60_000);

  it('counts refused records of batches written side by side in the counts every later batch saves', async () => {
    const file = path.join(folder.path, 'refused-batches.jsonl');
    const tooDear = { payment_model: 'PAY_PER_USE_DOWNLOAD', price: '1e13' };
    // Batches of 500 written three at a time: refused records in the first and the third.
    const packages = Array.from({ length: 1300 }, (_, i) =>
      makeCkanPackage(`many-${i}`, i === 100 || i === 1100 ? tooDear : {}),
    );
    await writeFile(file, jsonl(packages));
    await addSource(database.db, { name: 'refused-batches', location: file, format: 'ckan-jsonl' });

    const saved: THarvestCounts[] = [];
    const run = await runHarvest({
      db: database.db,
      source: 'refused-batches',
      onEvent: (event) => {
        if (event.event === 'progress') saved.push(event.counts);
      },
    });
    expect(run.counts).toMatchObject({ created: 1298, failed: 2 });
    // What each batch saved with its resume point, in commit order: what a resumed run would start from.
    expect(saved.map((counts) => [counts.created, counts.failed])).toEqual([
      [499, 1],
      [999, 1],
      [1298, 2],
    ]);
    expect(await offersOf('refused-batches')).toHaveLength(1298);
    const stored = await database.db
      .selectFrom('harvest_runs')
      .select(['counts', 'resume_after'])
      .where('id', '=', run.runId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ counts: run.counts, resume_after: 1300 });
    expect((await failuresOf(run.runId)).map((failure) => failure.identifier)).toEqual(['many-100', 'many-1100']);
  }, 60_000);

  it('skips the entry of a Socrata data.json that describes the file itself', async () => {
    const file = path.join(folder.path, 'socrata.json');
    const entry = (identifier: string, title: string) => ({
      identifier,
      title,
      description: `About ${title}`,
      keyword: 'trees,parks',
      distribution: [{ accessURL: `https://data.example.gov/api/views/${identifier}/rows.csv`, format: 'csv' }],
    });
    // Socrata's older style: a bare array whose first entry is the catalogue file, pointing at itself.
    await writeFile(
      file,
      JSON.stringify([
        {
          identifier: 'https://data.example.gov/api/views/catalog-file',
          title: 'Project Open Data, /data.json file',
          description: 'This is the /data.json file of the portal.',
          keyword: 'project open data,data.json',
          accessURL: 'https://data.example.gov/data.json',
          webService: 'https://data.example.gov/data.json',
          distribution: [{ accessURL: 'https://data.example.gov/data.json', format: 'json' }],
        },
        entry('abcd-1234', 'Street trees'),
        entry('efgh-5678', 'Park benches'),
      ]),
    );
    await addSource(database.db, { name: 'socrata', location: file, format: 'dcat-us' });

    const run = await runHarvest({ db: database.db, source: 'socrata' });
    expect(run.counts).toMatchObject({ created: 2, failed: 0, duplicates: 0 });
    expect((await offersOf('socrata')).map((offer) => offer.title)).toEqual(['Street trees', 'Park benches']);
  }, 60_000);

  it('keeps records sharing an identifier with other content as offers of their own, once each, run after run', async () => {
    const file = path.join(folder.path, 'yearly.json');
    const report = (year: number, description = `Figures of ${year}`) => ({
      identifier: 'https://agency.example.gov/yearly-report',
      title: `Yearly report ${year}`,
      description,
      distribution: [{ downloadURL: `https://agency.example.gov/report-${year}.pdf` }],
    });
    // Three records under one identifier: two the same (a true duplicate), one another year's report.
    await writeFile(file, JSON.stringify({ dataset: [report(2019), report(2019), report(2020)] }));
    await addSource(database.db, { name: 'yearly', location: file, format: 'dcat-us' });

    const first = await runHarvest({ db: database.db, source: 'yearly' });
    expect(first.counts).toEqual({ ...emptyHarvestCounts(), created: 2, duplicates: 1, identifierCollisions: 1 });
    const derived = `https://agency.example.gov/yearly-report#t-${createHash('sha1').update('Yearly report 2020').digest('hex').slice(0, 12)}`;
    const offers = await offersOf('yearly');
    expect(offers.map((offer) => [offer.identifier, offer.title])).toEqual([
      ['https://agency.example.gov/yearly-report', 'Yearly report 2019'],
      [derived, 'Yearly report 2020'],
    ]);

    const second = await runHarvest({ db: database.db, source: 'yearly' });
    expect(second.counts).toEqual({ ...emptyHarvestCounts(), unchanged: 2, duplicates: 1, identifierCollisions: 1 });
    expect(await offersOf('yearly')).toHaveLength(2);

    // The derived identifier follows the title: a changed description updates the same offer.
    await writeFile(file, JSON.stringify({ dataset: [report(2019), report(2019), report(2020, 'Corrected figures')] }));
    const third = await runHarvest({ db: database.db, source: 'yearly' });
    expect(third.counts).toMatchObject({ created: 0, updated: 1, unchanged: 1, removed: 0, identifierCollisions: 1 });
    const corrected = (await offersOf('yearly')).find((offer) => offer.identifier === derived)!;
    expect(corrected).toMatchObject({ id: offers[1]!.id, description: 'Corrected figures' });
  }, 60_000);

  it('keeps records sharing identifier and title but not content apart by their content', async () => {
    const file = path.join(folder.path, 'same-title.json');
    const record = (url: string) => ({
      identifier: 'shared',
      title: 'Traffic counts',
      distribution: [{ downloadURL: url }],
    });
    const records = [
      record('https://city.example.org/a.csv'),
      record('https://city.example.org/b.csv'),
      record('https://city.example.org/c.csv'),
      record('https://city.example.org/c.csv'),
    ];
    await writeFile(file, JSON.stringify({ dataset: records }));
    await addSource(database.db, { name: 'same-title', location: file, format: 'dcat-us' });

    const first = await runHarvest({ db: database.db, source: 'same-title' });
    expect(first.counts).toMatchObject({ created: 3, duplicates: 1, identifierCollisions: 2, failed: 0 });
    const identifiers = (await offersOf('same-title')).map((offer) => offer.identifier);
    expect(identifiers).toHaveLength(3);
    expect(identifiers.filter((identifier) => /^shared#t-[0-9a-f]{12}$/.test(identifier))).toHaveLength(1);
    expect(identifiers.filter((identifier) => /^shared#c-[0-9a-f]{12}$/.test(identifier))).toHaveLength(1);

    const again = await runHarvest({ db: database.db, source: 'same-title' });
    expect(again.counts).toMatchObject({ created: 0, unchanged: 3, duplicates: 1, identifierCollisions: 2 });
  }, 60_000);
  it('imports every record after an element of a data.json that is not JSON, counts that one failed with its place, and does the same on a re-run', async () => {
    // 5,000 records; the one at 3,000 has an unquoted value. Before, the run stopped there with 2,751 created.
    const { text, brokenAt } = dataJsonWith(
      5000,
      3000,
      '{"identifier": "https://agency.example.gov/report/3000", "title": Agency report 3000, "keyword": ["a}"]}',
    );
    const run = await harvestDataJson('unquoted', text);
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    expect(run.counts).toEqual({ ...emptyHarvestCounts(), created: 4999, failed: 1 });
    expect(countsSum(run.counts)).toBe(5000);
    const failures = await failuresOf(run.runId);
    expect(failures).toEqual([
      { identifier: null, reason: `element 3001, at byte ${brokenAt}, is not JSON: Unexpected token 'A'` },
    ]);
    const identifiers = new Set((await offersOf('unquoted')).map((offer) => offer.identifier));
    expect(identifiers.size).toBe(4999);
    expect(identifiers.has('https://agency.example.gov/report/2999')).toBe(true);
    expect(identifiers.has('https://agency.example.gov/report/3000')).toBe(false);
    expect(identifiers.has('https://agency.example.gov/report/3001')).toBe(true);
    expect(identifiers.has('https://agency.example.gov/report/4999')).toBe(true);

    const again = await runHarvest({ db: database.db, source: 'unquoted' });
    expect(again).toMatchObject({ status: 'succeeded', isResumed: false });
    expect(again.counts).toEqual({ ...emptyHarvestCounts(), unchanged: 4999, failed: 1 });
    expect(await failuresOf(again.runId)).toEqual(failures);
  }, 120_000);

  it('removed the offer of a record imported before when its element is broken now: it stays until the source mends it', async () => {
    const file = path.join(folder.path, 'broken-later.json');
    const records = Array.from({ length: 20 }, (_, i) => JSON.stringify(agencyRecord(i)));
    const write = (elements: string[]) => writeFile(file, `{"dataset": [${elements.join(',\n')}]}`);
    await write(records);
    await addSource(database.db, { name: 'broken-later', location: file, format: 'dcat-us' });
    const first = await runHarvest({ db: database.db, source: 'broken-later' });
    expect(first.counts).toEqual({ ...emptyHarvestCounts(), created: 20 });

    // Record 7 loses its quotes (nothing names it), record 12 its title (it names its identifier).
    const broken = [...records];
    broken[7] = '{"identifier": "https://agency.example.gov/report/7", "title": Agency report 7}';
    broken[12] = JSON.stringify({ ...agencyRecord(12), title: '' });
    await write(broken);
    const second = await runHarvest({ db: database.db, source: 'broken-later' });
    expect(second).toMatchObject({ status: 'succeeded' });
    expect(second.counts).toEqual({ ...emptyHarvestCounts(), unchanged: 18, failed: 2 });
    const active = (await offersOf('broken-later')).filter((offer) => offer.state !== 'REMOVED');
    expect(active.map((offer) => offer.identifier)).toContain('https://agency.example.gov/report/7');
    expect(active.map((offer) => offer.identifier)).toContain('https://agency.example.gov/report/12');
    expect(active).toHaveLength(20);

    // Mended, and record 19 dropped by the source: now a removal is the source's word.
    await write(records.slice(0, 19));
    const third = await runHarvest({ db: database.db, source: 'broken-later' });
    expect(third.counts).toEqual({ ...emptyHarvestCounts(), unchanged: 19, removed: 1 });
  }, 60_000);

  it('lands every record before the break of a data.json cut off part way and fails the run with the byte position, again when resumed', async () => {
    const file = path.join(folder.path, 'cut-off.json');
    const whole = dataJsonWith(5000, 3000, JSON.stringify(agencyRecord(3000)));
    // Cut inside the element at 3,000, as a download stopped part way leaves it.
    await writeFile(file, whole.text.slice(0, whole.brokenAt + 60));
    await addSource(database.db, { name: 'cut-off', location: file, format: 'dcat-us' });

    const error = `Not a JSON document with a dataset array: the document ends inside element 3001, which starts at byte ${whole.brokenAt} (the file is cut off, or a string or bracket in it is not closed)`;
    const run = await runHarvest({ db: database.db, source: 'cut-off' });
    expect(run).toMatchObject({ status: 'failed', error });
    expect(run.counts).toEqual({ ...emptyHarvestCounts(), created: 3000 });
    expect(await offersOf('cut-off')).toHaveLength(3000);

    const resumed = await runHarvest({ db: database.db, source: 'cut-off' });
    expect(resumed).toMatchObject({ status: 'failed', isResumed: true, runId: run.runId, error });
    expect(resumed.counts).toEqual({ ...emptyHarvestCounts(), created: 3000 });
    expect(await offersOf('cut-off')).toHaveLength(3000);
  }, 120_000);

  it('imports every record after a string of a data.json whose closing quote is missing, and counts that one failed', async () => {
    // The title's closing quote is missing: read quote by quote, every later quote would pair with the wrong one.
    const broken = JSON.stringify(agencyRecord(3000)).replace('"Agency report 3000"', '"Agency report 3000');
    const { text, brokenAt } = dataJsonWith(5000, 3000, broken);
    const run = await harvestDataJson('unclosed-title', text);
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    expect(run.counts).toEqual({ ...emptyHarvestCounts(), created: 4999, failed: 1 });
    expect(countsSum(run.counts)).toBe(5000);
    const failures = await failuresOf(run.runId);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.reason).toMatch(new RegExp(`^element 3001, at byte ${brokenAt}, is not JSON: `));

    const again = await runHarvest({ db: database.db, source: 'unclosed-title' });
    expect(again.counts).toEqual({ ...emptyHarvestCounts(), unchanged: 4999, failed: 1 });
    expect(await failuresOf(again.runId)).toEqual(failures);
  }, 120_000);

  it('lands every record before a string of a data.json that runs to the end of the file and fails the run with the byte position, again when resumed', async () => {
    const file = path.join(folder.path, 'unterminated.json');
    // The last element's title is never closed: no quote follows it, so the element has no end.
    const broken = JSON.stringify(agencyRecord(3000)).replace(
      /"title":"Agency report 3000".*$/,
      '"title":"Agency report 3000',
    );
    const { text, brokenAt } = dataJsonWith(3001, 3000, broken);
    await writeFile(file, text);
    await addSource(database.db, { name: 'unterminated', location: file, format: 'dcat-us' });

    const error = `Not a JSON document with a dataset array: the document ends inside element 3001, which starts at byte ${brokenAt} (the file is cut off, or a string or bracket in it is not closed)`;
    const run = await runHarvest({ db: database.db, source: 'unterminated' });
    expect(run).toMatchObject({ status: 'failed', error });
    expect(run.counts).toEqual({ ...emptyHarvestCounts(), created: 3000 });

    const resumed = await runHarvest({ db: database.db, source: 'unterminated' });
    expect(resumed).toMatchObject({ status: 'failed', isResumed: true, error });
    expect(resumed.counts).toEqual({ ...emptyHarvestCounts(), created: 3000 });
    expect(await offersOf('unterminated')).toHaveLength(3000);
  }, 120_000);

  it('imports the records around elements of a data.json broken by a trailing comma, single quotes and stray brackets', async () => {
    const file = path.join(folder.path, 'stray-brackets.json');
    const record = (index: number) => JSON.stringify(agencyRecord(index));
    const elements = Array.from({ length: 40 }, (_, i) => record(i));
    elements[5] = record(5).replace(/}$/, ', }');
    elements[10] = `{'identifier': 'x-10', 'title': 'a } and a ] in single quotes'}`;
    elements[15] = `${record(15)}}`;
    elements[20] = `${record(20)}]`;
    elements[25] = `{"identifier": "x-25", "title": "a [ list", "keyword": ["k"]]}`;
    await writeFile(file, `{"dataset": [${elements.join(',\n')}], "describedBy": "x"}`);
    await addSource(database.db, { name: 'stray-brackets', location: file, format: 'dcat-us' });

    const run = await runHarvest({ db: database.db, source: 'stray-brackets' });
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    expect(run.counts).toEqual({ ...emptyHarvestCounts(), created: 35, failed: 5 });
    expect((await failuresOf(run.runId)).map((failure) => failure.reason.split(',')[0])).toEqual([
      'element 6',
      'element 11',
      'element 16',
      'element 21',
      'element 26',
    ]);
    const identifiers = (await offersOf('stray-brackets')).map((offer) => offer.identifier);
    expect(identifiers).toContain('https://agency.example.gov/report/39');
    expect(identifiers).not.toContain('https://agency.example.gov/report/20');
  }, 60_000);
});
