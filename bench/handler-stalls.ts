// `npm run bench:handler-stalls [-- --datasets 5000 --runs 3 --rdf-datasets 5000 --no-catalog --only TEXT]`: the longest
// event-loop block of each heavy request handler at the largest input it accepts. Starts the production app
// (`buildApp`, the search index on its threads as `server.ts` opens it) in this process on a fresh database
// with a demo catalogue, builds the largest inputs (an invoice of the most lines an order holds, previews at
// PREVIEW_MAX_BYTES served from loopback by a file server in a process of its own (bench/lib/file-server.mjs), so
// that serving them is not measured, DCAT-AP harvest files, a page of 1,000 search results), and for each
// request reads `monitorEventLoopDelay` (resolution 1 ms), reset just before it: its `max` is the longest time
// the loop could not run a timer while the request ran. The client lives in the same process but only
// receives bytes (no parsing), so what blocks is the server's work; the longest garbage collection pause is
// shown beside it, and the main thread's CPU time per request, which other work on a busy machine does not
// inflate. Prints a Markdown table.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  MAX_ORDER_ITEMS,
  type TCommissionInvoiceListResponse,
  type THarvestRunResponse,
  type THarvestSource,
  type TOfferInputBody,
  type TOrder,
  type TOwnOfferDetails,
} from '@dsm/contracts';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { createDatabase } from '../apps/server/src/db/database';
import { prepareApiDocument } from '../apps/server/src/lib/api-document';
import { seedLicences } from '../apps/server/src/modules/catalogue/licence-catalogue';
import { addAgentMember } from '../apps/server/src/modules/orders/add-agent-member';
import { insertOfferOf, itemOf } from '../apps/server/src/modules/orders/orders-test-data';
import { SqliteSearchIndex } from '../apps/server/src/modules/search/index/sqlite-search-index';
import { signIn } from '../apps/server/src/test/auth';
import { makeOfferInput } from '../apps/server/src/test/factories';
// The test helpers' types name what the test setup provides; its declaration makes them check here too.
import type {} from '../apps/server/src/test/global-setup';
import { loopbackConfig, type TTestApp } from '../apps/server/src/test/test-app';
import { loadCatalogue, machineLine, openBenchDatabase, percentile, root } from './lib/bench-server';
import { numberOption } from './lib/number-option';

const { values: args } = parseArgs({
  options: {
    datasets: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    'rdf-datasets': { type: 'string', default: '5000' },
    /** The DCAT catalogue export at 1,000 per page in each format, for reference (`--no-catalog` skips it). */
    catalog: { type: 'boolean', default: true },
    /** Measures only the paths whose label contains this text (the control rows always), e.g. `--only harvest`. */
    only: { type: 'string' },
    'database-url': { type: 'string' },
  },
  allowNegative: true,
});
const datasets = numberOption(args, 'datasets', { min: 1000 });
const runs = numberOption(args, 'runs', { min: 1 });
const rdfDatasets = numberOption(args, 'rdf-datasets', { min: 1 });

/** The budget every handler is held to (ARCHITECTURE.md). */
const BUDGET_MS = 50;
const PREVIEW_MAX_BYTES = 5 * 1024 * 1024;
const filesDir = path.join(root, '.data', 'bench-stalls', 'files');

type TRow = {
  path: string;
  input: string;
  blocks: number[];
  /** The longest garbage collection pause of each run: part of a block that is no handler's own code. */
  gcPauses: number[];
  totals: number[];
  /** CPU time of the main thread over each run (Linux only): its own work, however busy the machine is. */
  mainCpu: number[];
  statuses: Set<number>;
};
const rows: TRow[] = [];

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
/** The longest garbage collection pause since the last reset. */
let longestGc = 0;
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration);
});
gcObserver.observe({ entryTypes: ['gc'] });

/** Runs `send` with the histogram reset before it and read after the loop ran once more, `runs` times. */
async function measure(pathLabel: string, input: string, send: () => Promise<number>, times = runs): Promise<TRow> {
  const row: TRow = { path: pathLabel, input, blocks: [], gcPauses: [], totals: [], mainCpu: [], statuses: new Set() };
  const isControl = pathLabel.includes('control') || pathLabel.startsWith('(idle');
  if (args.only && !isControl && !pathLabel.toLowerCase().includes(args.only.toLowerCase())) return row;
  for (let run = 0; run < times; run++) {
    // Let earlier work (a previous answer's tail, the index following the outbox) settle first.
    await sleep(200);
    histogram.reset();
    longestGc = 0;
    const started = performance.now();
    const cpuBefore = mainThreadCpuMs();
    const status = await send();
    const total = performance.now() - started;
    row.mainCpu.push(mainThreadCpuMs() - cpuBefore);
    // The sample of a block that ended just before the answer is taken when the timer fires next.
    await sleep(5);
    row.blocks.push(histogram.max / 1e6);
    row.gcPauses.push(longestGc);
    row.totals.push(total);
    row.statuses.add(status);
  }
  rows.push(row);
  const worst = Math.max(...row.blocks);
  process.stdout.write(
    `  ${pathLabel} (${input}): longest block ${worst.toFixed(0)} ms, longest GC pause ${Math.max(...row.gcPauses).toFixed(0)} ms, total ${median(row.totals).toFixed(0)} ms, status ${[...row.statuses].join('/')}\n`,
  );
  return row;
}

/**
 * CPU time the main thread (whose id is the process's) has used, in ms, from /proc (10 ms steps); NaN elsewhere.
 * Unlike the blocks, it does not grow when other work takes the cores away.
 */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of the whole line, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Sends a request and reads the answer's bytes without parsing them; the status. */
async function fetchBytes(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; bytes: number }> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...init.headers,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  let bytes = 0;
  for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).byteLength;
  return { status: response.status, bytes };
}

async function json<T>(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { ...init.headers, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// ---------------------------------------------------------------------------------------------------------------
// Inputs

/** A workbook of random-ish rows, as large as fits under the preview's byte limit (kept between runs). */
async function xlsxAtLimit(): Promise<Buffer> {
  const file = path.join(filesDir, 'preview-limit.xlsx');
  if (existsSync(file)) return readFileSync(file);
  const write = async (count: number) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Messwerte');
    sheet.addRow(['station', 'name', 'reading', 'measured', 'valid', 'note']);
    for (let index = 1; index <= count; index++) {
      sheet.addRow([
        `S${index}`,
        `Station ${(index * 7919) % 100_003} ${randomUUID().slice(0, 8)}`,
        Math.round(Math.random() * 1e6) / 100,
        new Date(Date.UTC(2024, 0, 1 + (index % 365))),
        index % 3 !== 0,
        randomUUID(),
      ]);
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };
  const probeRows = 20_000;
  const probe = await write(probeRows);
  const bytes = await write(Math.floor((probeRows * PREVIEW_MAX_BYTES * 0.97) / probe.length));
  if (bytes.length > PREVIEW_MAX_BYTES) throw new Error(`the workbook came out at ${bytes.length} bytes`);
  await writeFile(file, bytes);
  return bytes;
}

/** Text lines repeated until just under the preview's byte limit. */
function repeatToLimit(head: string, line: (index: number) => string, tail = ''): Buffer {
  const parts = [head];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let index = 0; ; index++) {
    const next = line(index);
    const length = Buffer.byteLength(next);
    if (size + length > PREVIEW_MAX_BYTES - 16) break;
    parts.push(next);
    size += length;
  }
  parts.push(tail);
  return Buffer.from(parts.join(''));
}

const csvAtLimit = () =>
  repeatToLimit(
    'id,name,reading,day,valid\n',
    (i) =>
      `${i},Station ${i} ${randomUUID()},${(i * 1.5).toFixed(2)},2024-01-${String((i % 28) + 1).padStart(2, '0')},${i % 2 === 0}\n`,
  );

const jsonAtLimit = () =>
  repeatToLimit(
    '[',
    (i) =>
      `${i === 0 ? '' : ','}{"id":${i},"name":"Station ${i} ${randomUUID()}","reading":${(i * 1.5).toFixed(2)},"valid":${i % 2 === 0}}`,
    ']',
  );

/** A FeatureCollection of 101 features whose polygons fill the byte limit: every byte ends up in the answer. */
function geojsonAtLimit(): Buffer {
  const features = 101;
  const perFeature = Math.floor((PREVIEW_MAX_BYTES * 0.97) / features);
  // A point is written as about 24 characters: [13.4999999,52.5999999],
  const points = Math.floor(perFeature / 25);
  const feature = (i: number) => {
    const ring: number[][] = [];
    for (let p = 0; p < points; p++) {
      const angle = (2 * Math.PI * p) / points;
      ring.push([Number((13.4 + Math.cos(angle) * 0.1).toFixed(7)), Number((52.5 + Math.sin(angle) * 0.1).toFixed(7))]);
    }
    ring.push(ring[0]!);
    return JSON.stringify({
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: { id: i, name: `District ${i}` },
    });
  };
  const body = `{"type":"FeatureCollection","features":[${Array.from({ length: features }, (_, i) => feature(i)).join(',')}]}`;
  return Buffer.from(body);
}

const DCAT_PREFIXES = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
};

/** A DCAT-AP catalogue of `count` datasets, each with a publisher, keywords, a theme and two distributions. */
function dcatTurtle(count: number, run: string): string {
  const lines = Object.entries(DCAT_PREFIXES).map(([prefix, iri]) => `@prefix ${prefix}: <${iri}> .`);
  lines.push('', '<https://stalls.example/catalog> a dcat:Catalog ;', '  dct:title "Stall bench catalogue"@en .', '');
  for (let i = 0; i < count; i++) {
    const id = `https://stalls.example/${run}/dataset/${i}`;
    lines.push(
      `<https://stalls.example/catalog> dcat:dataset <${id}> .`,
      `<${id}> a dcat:Dataset ;`,
      `  dct:identifier "${run}-${i}" ;`,
      `  dct:title "Messstellen des Grundwassers ${i}"@de , "Groundwater stations ${i}"@en ;`,
      `  dct:description "Lage, Name und Messwerte aller Grundwassermessstellen im Gebiet ${i}, monatlich aktualisiert."@de ;`,
      '  dcat:keyword "Grundwasser"@de , "Umwelt"@de , "groundwater"@en ;',
      '  dcat:theme <http://publications.europa.eu/resource/authority/data-theme/ENVI> ;',
      `  dct:modified "2024-0${(i % 9) + 1}-15T10:00:00"^^xsd:dateTime ;`,
      `  dct:publisher [ a foaf:Organization ; foaf:name "Landesamt ${i % 40}" ] ;`,
      `  dcat:distribution <${id}/csv> , <${id}/json> .`,
      `<${id}/csv> a dcat:Distribution ; dct:title "CSV" ; dcat:accessURL <https://stalls.example/${run}/files/${i}.csv> ;`,
      '  dct:format <http://publications.europa.eu/resource/authority/file-type/CSV> ;',
      '  dct:license <http://dcat-ap.de/def/licenses/dl-by-de/2.0> .',
      `<${id}/json> a dcat:Distribution ; dct:title "JSON" ; dcat:accessURL <https://stalls.example/${run}/files/${i}.json> ;`,
      '  dct:format <http://publications.europa.eu/resource/authority/file-type/JSON> ;',
      '  dct:license <http://dcat-ap.de/def/licenses/dl-by-de/2.0> .',
    );
  }
  return `${lines.join('\n')}\n`;
}

function dcatRdfXml(count: number, run: string): string {
  const ns = Object.entries(DCAT_PREFIXES)
    .filter(([prefix]) => prefix !== 'xsd')
    .map(([prefix, iri]) => `xmlns:${prefix}="${iri}"`)
    .join(' ');
  const parts = [
    `<?xml version="1.0" encoding="UTF-8"?>\n<rdf:RDF ${ns}>\n<dcat:Catalog rdf:about="https://stalls.example/catalog">\n  <dct:title xml:lang="en">Stall bench catalogue</dct:title>\n`,
  ];
  for (let i = 0; i < count; i++) {
    const id = `https://stalls.example/${run}/dataset/${i}`;
    const distribution = (kind: string) =>
      `    <dcat:distribution><dcat:Distribution rdf:about="${id}/${kind.toLowerCase()}"><dct:title>${kind}</dct:title><dcat:accessURL rdf:resource="https://stalls.example/${run}/files/${i}.${kind.toLowerCase()}"/><dct:format rdf:resource="http://publications.europa.eu/resource/authority/file-type/${kind}"/><dct:license rdf:resource="http://dcat-ap.de/def/licenses/dl-by-de/2.0"/></dcat:Distribution></dcat:distribution>\n`;
    parts.push(
      `  <dcat:dataset><dcat:Dataset rdf:about="${id}">\n`,
      `    <dct:identifier>${run}-${i}</dct:identifier>\n`,
      `    <dct:title xml:lang="de">Messstellen des Grundwassers ${i}</dct:title><dct:title xml:lang="en">Groundwater stations ${i}</dct:title>\n`,
      `    <dct:description xml:lang="de">Lage, Name und Messwerte aller Grundwassermessstellen im Gebiet ${i}, monatlich aktualisiert.</dct:description>\n`,
      '    <dcat:keyword xml:lang="de">Grundwasser</dcat:keyword><dcat:keyword xml:lang="de">Umwelt</dcat:keyword><dcat:keyword xml:lang="en">groundwater</dcat:keyword>\n',
      '    <dcat:theme rdf:resource="http://publications.europa.eu/resource/authority/data-theme/ENVI"/>\n',
      `    <dct:modified rdf:datatype="http://www.w3.org/2001/XMLSchema#dateTime">2024-0${(i % 9) + 1}-15T10:00:00</dct:modified>\n`,
      `    <dct:publisher><foaf:Organization><foaf:name>Landesamt ${i % 40}</foaf:name></foaf:Organization></dct:publisher>\n`,
      distribution('CSV'),
      distribution('JSON'),
      '  </dcat:Dataset></dcat:dataset>\n',
    );
  }
  parts.push('</dcat:Catalog>\n</rdf:RDF>\n');
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const loadAverage = os.loadavg();
  process.stdout.write(
    `Handler stalls: ${datasets.toLocaleString('en-US')} offers, ${runs} runs per path; load average ${loadAverage.map((n) => n.toFixed(2)).join(' ')}\n`,
  );
  await mkdir(filesDir, { recursive: true });
  // A database of its own per run: orders, harvests and offers of earlier runs never change the inputs.
  const name = `dsm_stalls_${Date.now()}`;
  const database = await openBenchDatabase({
    name,
    folder: 'bench-stalls',
    databaseUrl: args['database-url'],
  });
  process.stdout.write(`Catalogue: ${await loadCatalogue(database.url, datasets)}\n`);

  // The previews' sources are served by a process of its own: only the product's work is on this event loop.
  const sourceDir = await mkdtemp(path.join(os.tmpdir(), 'dsm-stalls-sources-'));
  const source = fork(path.join(root, 'bench', 'lib', 'file-server.mjs'), [sourceDir], { stdio: 'inherit' });
  const sourcePort = await new Promise<number>((resolve, reject) => {
    source.once('message', (port) => resolve(Number(port)));
    source.once('exit', (code) => reject(new Error(`the source server ended (exit code ${code})`)));
  });
  const sourceUrl = `http://127.0.0.1:${sourcePort}`;
  const harvestDir = await mkdtemp(path.join(os.tmpdir(), 'dsm-stalls-harvest-'));
  const indexDir = await mkdtemp(path.join(os.tmpdir(), 'dsm-stalls-index-'));

  const { port, baseUrl, config } = await loopbackConfig({
    DATABASE_URL: database.url,
    PREVIEW_ALLOWED_HOSTS: '127.0.0.1',
    PREVIEW_MAX_BYTES: String(PREVIEW_MAX_BYTES),
    HARVEST_FILE_DIR: harvestDir,
    SEARCH_RATE_LIMIT: '0',
    ORDER_RATE_LIMIT: '0',
    COMMISSION_RATE: '0.1',
    SEARCH_INDEX_DIR: indexDir,
  });
  const handle = createDatabase({ url: database.url, maxConnections: 10, applicationName: 'dsm-bench-stalls' });
  const searchIndex = await SqliteSearchIndex.open({
    dir: indexDir,
    database: handle,
    workers: config.searchIndex.workers,
  });
  const app = await buildApp({ config, database: handle, searchIndex, logger: false, webDistDir: '/nonexistent' });
  // As server.ts starts it: the OpenAPI document is made before the server listens.
  await app.ready();
  prepareApiDocument(app);
  await app.listen({ port, host: '127.0.0.1' });
  const testApp: TTestApp = {
    app,
    baseUrl,
    config,
    database: { ...handle, url: database.url, drop: async () => {} },
    close: async () => {},
  };

  try {
    await seedLicences(handle.db);
    process.stdout.write('\nMeasuring\n');
    await measure('(idle: no request, 1 s)', '-', async () => {
      await sleep(1000);
      return 0;
    });

    // The floor: a handler that does nothing heavy, on this machine at this load.
    await measure('GET /healthz (control)', '-', async () => (await fetchBytes(`${baseUrl}/healthz`)).status);

    // The OpenAPI document first: on a server that did not build it at start-up, the first request builds it.
    await measure(
      'GET /api/docs/json (first request)',
      'all routes',
      async () => (await fetchBytes(`${baseUrl}/api/docs/json`)).status,
      1,
    );
    const docs = await measure(
      'GET /api/docs/json',
      'all routes',
      async () => (await fetchBytes(`${baseUrl}/api/docs/json`)).status,
    );
    docs.input = `all routes (${mb((await fetchBytes(`${baseUrl}/api/docs/json`)).bytes)})`;
    await measure(
      'GET /api/docs/yaml (first request)',
      'all routes',
      async () => (await fetchBytes(`${baseUrl}/api/docs/yaml`)).status,
      1,
    );

    const searcher = await signIn(testApp);
    for (const [query, label] of [
      ['', 'empty query'],
      ['daten', '"daten"'],
    ] as const) {
      await measure(`POST /api/search, pageSize 1000, ${label}`, '1,000 results', async () => {
        return (
          await fetchBytes(`${baseUrl}/api/search?query=${encodeURIComponent(query)}`, {
            method: 'POST',
            headers: searcher.headers,
            body: { index: 0, pageSize: 1000 },
          })
        ).status;
      });
    }

    // An invoice of the most lines an order holds, with long titles, from a seller and to a buyer with organisations.
    const publisher = { id: `https://stalls.example/agents/${randomUUID()}`, name: 'Stall Bench Daten GmbH' };
    const seller = await signIn(testApp, { organisation: { legalName: 'Stall Bench Daten GmbH' } });
    const offers = [];
    for (let i = 0; i < MAX_ORDER_ITEMS; i++) {
      offers.push(
        await insertOfferOf(handle.db, publisher, {
          title: `Stündliche Messwerte der Luftqualität an Station ${i} mit Stickstoffdioxid, Feinstaub und Ozon, Jahresreihe ${2000 + (i % 25)}`,
          price: 10 + i,
        }),
      );
    }
    // The offers' first dataset creates the publisher's agent, which the seller then sells for.
    await addAgentMember({ db: handle.db, agentId: publisher.id, userId: seller.user.id });
    const buyer = await signIn(testApp, { organisation: { legalName: 'Stall Käufer AG' } });
    const order = await json<TOrder>(`${baseUrl}/idp-service/payment`, {
      method: 'POST',
      headers: buyer.headers,
      body: { consumerId: buyer.user.id, purchasedItems: offers.map(itemOf) },
    });
    const invoice = order.invoices[0]!;
    const lines = `${MAX_ORDER_ITEMS} lines`;
    for (const [label, link] of [
      ['PDF', invoice.pdfPath],
      ['XRechnung XML', invoice.xmlPath],
      ['Factur-X', invoice.facturXPath],
    ] as const) {
      await measure(
        `GET invoice ${label}`,
        lines,
        async () => (await fetchBytes(`${baseUrl}${link}`, { headers: buyer.headers })).status,
      );
    }
    const commissions = await json<TCommissionInvoiceListResponse>(
      `${baseUrl}/api/commission-invoices?index=0&pageSize=100`,
      { headers: seller.headers },
    );
    const commission = commissions.data[0]!;
    for (const [label, link] of [
      ['PDF', commission.pdfPath],
      ['Factur-X', commission.facturXPath],
    ] as const) {
      await measure(
        `GET commission invoice ${label}`,
        '1 line (its only size)',
        async () => (await fetchBytes(`${baseUrl}${link}`, { headers: seller.headers })).status,
      );
    }

    // Previews at the byte limit, of free offers whose endpoints the source server on loopback serves.
    const publish = async (title: string, endpoint: Partial<TOfferInputBody['endpoints'][number]>) =>
      (
        await json<TOwnOfferDetails>(`${baseUrl}/api/offers`, {
          method: 'POST',
          headers: seller.headers,
          body: makeOfferInput(title, {
            pricingOption: 'FREE',
            endpoints: [endpoint],
            licensingInfo: { paymentType: 'FREE_OF_CHARGE', price: 0, priceUnit: '' },
          }),
        })
      )['@id'];
    type TEndpoint = TOfferInputBody['endpoints'][number];
    const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const previews: [string, NonNullable<TEndpoint['format']>, NonNullable<TEndpoint['mimeType']>, Buffer, string][] = [
      ['XLSX', 'XLSX', xlsxType, await xlsxAtLimit(), 'xlsx'],
      ['CSV', 'csv', 'text/csv', csvAtLimit(), 'csv'],
      ['JSON', 'json', 'application/json', jsonAtLimit(), 'json'],
      ['GeoJSON', 'GeoJSON', 'application/json', geojsonAtLimit(), 'geojson'],
    ];
    for (const [label, format, type, body, extension] of previews) {
      const filePath = `/preview-limit.${extension}`;
      await writeFile(path.join(sourceDir, filePath), body);
      // The cache as configured by default (it keeps each preview, weighing it), and an offer with a source URL of
      // its own per run, so every run reads its source and keeps what it read, as a first preview does.
      const ids: string[] = [];
      for (let run = 0; run < runs; run++) {
        ids.push(
          await publish(`Preview at the limit, ${label} ${run}`, {
            accessUrl: `${sourceUrl}${filePath}?run=${run}`,
            format,
            mimeType: type,
          }),
        );
      }
      let run = 0;
      await measure(`GET preview, ${label}`, mb(body.length), async () => {
        const id = ids[run++]!;
        return (
          await fetchBytes(`${baseUrl}/api/metadata/${encodeURIComponent(id)}/preview?endpoint=0`, {
            headers: searcher.headers,
          })
        ).status;
      });
    }

    // Harvest runs of large DCAT-AP files: the run answers when it is done, so the parse is the handler's.
    const operator = await signIn(testApp, { roles: [config.userRole, `${config.productId}_OPERATOR`] });
    for (const [label, format, write] of [
      ['Turtle', 'dcat-turtle', dcatTurtle],
      ['RDF/XML', 'dcat-rdfxml', dcatRdfXml],
    ] as const) {
      const run = randomUUID().slice(0, 8);
      const file = path.join(harvestDir, `${run}.${format}`);
      await writeFile(file, write(rdfDatasets, run));
      const size = (await stat(file)).size;
      const added = await json<THarvestSource>(`${baseUrl}/api/harvest/sources`, {
        method: 'POST',
        headers: operator.headers,
        body: { name: `stalls ${label} ${run}`, location: file, format },
      });
      await measure(
        `POST harvest run, DCAT-AP ${label}`,
        `${rdfDatasets.toLocaleString('en-US')} datasets, ${mb(size)}`,
        async () => {
          const response = await fetch(`${baseUrl}/api/harvest/sources/${added.id}/run`, {
            method: 'POST',
            headers: operator.headers,
          });
          const result = (await response.json()) as THarvestRunResponse;
          if (result.status !== 'succeeded') process.stdout.write(`    run ${result.status}: ${result.error}\n`);
          return response.status;
        },
        1,
      );
    }

    if (args.catalog) {
      // For reference: the export is being rewritten on its own.
      for (const format of ['turtle', 'rdfxml', 'jsonld'] as const) {
        await measure(
          `GET /api/catalog?format=${format} (reference)`,
          'page of 1,000',
          async () =>
            (
              await fetchBytes(`${baseUrl}/api/catalog?page=1&pageSize=1000&format=${format}`, {
                headers: searcher.headers,
              })
            ).status,
          1,
        );
      }
    }
  } finally {
    await app.close();
    await searchIndex.close();
    await handle.close();
    source.kill();
    await rm(sourceDir, { recursive: true, force: true });
    await rm(harvestDir, { recursive: true, force: true });
    await rm(indexDir, { recursive: true, force: true });
    if (!args['database-url']) {
      const admin = new pg.Client({ connectionString: database.url.replace(/\/[^/?]+(\?|$)/, '/postgres$1') });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    await database.stop();
  }

  process.stdout.write(`\n${machineLine()}\n`);
  process.stdout.write(
    `Load average before / after: ${loadAverage.map((n) => n.toFixed(2)).join(' ')} / ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}\n\n`,
  );
  process.stdout.write(
    '| path | input | longest block ms (median / worst) | longest GC pause ms (worst) | total ms (median) | main-thread CPU ms (median) | over 50 ms |\n',
  );
  process.stdout.write('|---|---|---|---|---|---|---|\n');
  for (const row of rows) {
    if (row.blocks.length === 0) continue;
    const worst = Math.max(...row.blocks);
    process.stdout.write(
      `| ${row.path} | ${row.input} | ${median(row.blocks).toFixed(0)} / ${worst.toFixed(0)} | ${Math.max(...row.gcPauses).toFixed(0)} | ${median(row.totals).toFixed(0)} | ${median(row.mainCpu).toFixed(0)} | ${worst > BUDGET_MS ? '**yes**' : 'no'} |\n`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
