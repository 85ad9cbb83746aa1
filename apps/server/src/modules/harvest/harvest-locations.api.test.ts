import { mkdir, mkdtemp, realpath, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TErrorResponse, THarvestRunResponse, THarvestSource } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { requestAs, signInOperator, type TSignedIn } from '../../test/auth';
import { startTestApp, type TTestApp } from '../../test/test-app';
import { addSource as addSourceUseCase } from './add-source';
import { insertSource } from './harvest-repository';

/** Text that must never appear in an answer: it stands for a file's or a server's content. */
const SECRET = 'SECRET-CONTENT-7f3a';

const DATA_JSON = JSON.stringify({ dataset: [{ identifier: 'loc-1', title: 'Tide gauges', keyword: 'tide' }] });

/** A remote JSON-LD context, as catalogues name one instead of writing it out. */
const CONTEXT = {
  '@context': {
    Dataset: 'http://www.w3.org/ns/dcat#Dataset',
    title: 'http://purl.org/dc/terms/title',
    identifier: 'http://purl.org/dc/terms/identifier',
  },
};

const datasetWithContext = (context: string) =>
  JSON.stringify({
    '@context': context,
    '@id': 'http://example.org/dataset/ctx-1',
    '@type': 'Dataset',
    title: 'Ferry counts',
    identifier: 'ctx-1',
  });

let site: http.Server;
let sitePort: number;
let siteHits: string[] = [];
let outside: string;
let secretFile: string;

const addSource = (testApp: TTestApp, who: TSignedIn, body: Record<string, unknown>) =>
  requestAs<THarvestSource & TErrorResponse>(testApp, who, 'POST', '/api/harvest/sources', body);

const runSource = (testApp: TTestApp, who: TSignedIn, id: string) =>
  requestAs<THarvestRunResponse & TErrorResponse>(testApp, who, 'POST', `/api/harvest/sources/${id}/run`);

beforeAll(async () => {
  site = http.createServer((request, response) => {
    siteHits.push(request.url ?? '');
    if (request.url === '/data.json') return void response.writeHead(200).end(DATA_JSON);
    if (request.url === '/context.jsonld') return void response.writeHead(200).end(JSON.stringify(CONTEXT));
    if (request.url === '/with-context.jsonld') {
      return void response.writeHead(200).end(datasetWithContext(`http://localhost:${sitePort}/context.jsonld`));
    }
    if (request.url === '/to-loopback') {
      return void response.writeHead(302, { location: `http://127.0.0.1:${sitePort}/data.json` }).end();
    }
    if (request.url === '/not-json') return void response.writeHead(200).end(`${SECRET} is not JSON`);
    // A status text is the server's own words too.
    response.writeHead(404, SECRET).end(`<h1>${SECRET}</h1>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
  outside = await mkdtemp(path.join(os.tmpdir(), 'dsm-harvest-outside-'));
  secretFile = path.join(outside, 'secret.json');
  await writeFile(secretFile, JSON.stringify({ dataset: [{ identifier: 'secret', title: SECRET }] }));
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await rm(outside, { recursive: true, force: true });
});

describe('harvest source addresses without HARVEST_ALLOWED_HOSTS', () => {
  let testApp: TTestApp;
  let operator: TSignedIn;

  beforeAll(async () => {
    testApp = await startTestApp();
    operator = await signInOperator(testApp);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a link-local address/],
    ['http://10.0.0.1/data.json', /10\.0\.0\.1 is a private address/],
    ['http://127.0.0.1:9/data.json', /127\.0\.0\.1 is a loopback address/],
    ['http://[::1]/data.json', /::1 is a loopback address/],
    ['http://[::ffff:127.0.0.1]/data.json', /is a loopback address/],
    ['http://[::ffff:a9fe:a9fe]/latest', /is a link-local address/],
    ['http://[::127.0.0.1]:18001/data.json', /::7f00:1 is an ipv4-compatible address/],
    ['http://2130706433/data.json', /127\.0\.0\.1 is a loopback address/],
    ['http://localhost:9/data.json', /localhost \((127\.0\.0\.1|::1)\) is a loopback address/],
  ])('refuses to add a source at %s with a 400 naming the rule', async (location, rule) => {
    const response = await addSource(testApp, operator, { name: `ssrf ${location}`, location, format: 'dcat-us' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.message).toMatch(rule);
    expect(response.body.message).toContain('HARVEST_ALLOWED_HOSTS');
    expect(response.body.issues).toEqual([{ path: 'body.location', message: expect.stringMatching(rule) }]);
    const list = await requestAs<THarvestSource[]>(testApp, operator, 'GET', '/api/harvest/sources');
    expect(list.body.map((source) => source.location)).not.toContain(location);
  });

  it('refuses at run time a source whose name now resolves to loopback, before any request', async () => {
    // As if the name's DNS record changed after the source was added: the row exists, the fetch must be refused.
    const id = crypto.randomUUID();
    await insertSource(testApp.database.db, {
      id,
      name: 'rebound',
      location: `http://localhost:${sitePort}/data.json`,
      format: 'dcat-us',
      schedule: null,
    });
    siteHits = [];
    const run = await runSource(testApp, operator, id);
    expect(run.status).toBe(200);
    expect(run.body.status).toBe('failed');
    expect(run.body.error).toMatch(/localhost \((127\.0\.0\.1|::1)\) is a loopback address/);
    expect(siteHits).toEqual([]);
  });

  it('refuses file locations through the API when HARVEST_FILE_DIR is not set', async () => {
    const response = await addSource(testApp, operator, { name: 'passwd', location: '/etc/passwd', format: 'dcat-us' });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('HARVEST_FILE_DIR');
    expect(response.body.issues?.[0]?.path).toBe('body.location');
  });

  it('refuses at run time a file source the API could not have added (when HARVEST_FILE_DIR is not set)', async () => {
    const id = crypto.randomUUID();
    await insertSource(testApp.database.db, {
      id,
      name: 'file without folder',
      location: secretFile,
      format: 'dcat-us',
      schedule: null,
    });
    const run = await runSource(testApp, operator, id);
    expect(run.body.status).toBe('failed');
    expect(run.body.error).toContain('HARVEST_FILE_DIR');
    expect(JSON.stringify(run.body)).not.toContain(SECRET);
  });

  it('answers one 201 and seven 409 to eight concurrent requests adding one name, never a 500', async () => {
    const body = { name: 'concurrent', location: 'http://93.184.216.34/data.json', format: 'dcat-us' };
    const responses = await Promise.all(Array.from({ length: 8 }, () => addSource(testApp, operator, body)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((each) => each.status === 409)) {
      expect(response.body).toMatchObject({
        code: 'CONFLICT',
        message: 'A harvest source named concurrent exists already',
      });
    }
  });

  it('answers a conflict, not a unique violation, to concurrent additions of one name that all passed the check', async () => {
    // Called side by side in one process, every call finds the name free before any has inserted it.
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        addSourceUseCase(testApp.database.db, {
          name: 'side by side',
          location: 'http://93.184.216.34/data.json',
          format: 'dcat-us',
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(failures).toHaveLength(7);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).code).toBe('CONFLICT');
    }
  });
});

describe('harvest source addresses with HARVEST_ALLOWED_HOSTS=localhost', () => {
  let testApp: TTestApp;
  let operator: TSignedIn;

  beforeAll(async () => {
    testApp = await startTestApp({ HARVEST_ALLOWED_HOSTS: 'localhost' });
    operator = await signInOperator(testApp);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('adds and harvests a source on an allowed host although it resolves to loopback', async () => {
    const added = await addSource(testApp, operator, {
      name: 'allowed',
      location: `http://localhost:${sitePort}/data.json`,
      format: 'dcat-us',
    });
    expect(added.status).toBe(201);
    const run = await runSource(testApp, operator, added.body.id);
    expect(run.body).toMatchObject({ status: 'succeeded', counts: { created: 1 } });
  });

  it('refuses a redirect from the allowed host to a loopback address it does not name', async () => {
    const added = await addSource(testApp, operator, {
      name: 'redirecting',
      location: `http://localhost:${sitePort}/to-loopback`,
      format: 'dcat-us',
    });
    expect(added.status).toBe(201);
    siteHits = [];
    const run = await runSource(testApp, operator, added.body.id);
    expect(run.body.status).toBe('failed');
    expect(run.body.error).toContain('127.0.0.1 is a loopback address');
    expect(siteHits).toEqual(['/to-loopback']);
  });

  it('names the status and the address of an HTTP failure, never the body or the status text', async () => {
    const added = await addSource(testApp, operator, {
      name: 'missing',
      location: `http://localhost:${sitePort}/missing.json`,
      format: 'dcat-us',
    });
    const run = await runSource(testApp, operator, added.body.id);
    expect(run.body.status).toBe('failed');
    expect(run.body.error).toBe(`http://localhost:${sitePort}/missing.json answered HTTP 404`);
  });

  it('loads a remote JSON-LD context of a source through the same rule', async () => {
    const added = await addSource(testApp, operator, {
      name: 'jsonld with context',
      location: `http://localhost:${sitePort}/with-context.jsonld`,
      format: 'dcat-jsonld',
    });
    expect(added.status).toBe(201);
    const run = await runSource(testApp, operator, added.body.id);
    expect(run.body).toMatchObject({ status: 'succeeded', counts: { created: 1, failed: 0 } });
  });

  it('does not quote an answer that is not JSON in the error of a CKAN API source', async () => {
    const added = await addSource(testApp, operator, {
      name: 'ckan not json',
      location: `http://localhost:${sitePort}/not-json`,
      format: 'ckan-api',
    });
    const run = await runSource(testApp, operator, added.body.id);
    expect(run.body.status).toBe('failed');
    expect(run.body.error).not.toContain(SECRET);
  });
});

describe('harvest file locations with HARVEST_FILE_DIR', () => {
  let testApp: TTestApp;
  let operator: TSignedIn;
  let folder: string;

  beforeAll(async () => {
    folder = await realpath(await mkdtemp(path.join(os.tmpdir(), 'dsm-harvest-files-')));
    await writeFile(path.join(folder, 'data.json'), DATA_JSON);
    await mkdir(path.join(folder, 'nested'));
    testApp = await startTestApp({ HARVEST_FILE_DIR: folder });
    operator = await signInOperator(testApp);
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('adds and harvests a file inside the folder, a relative path taken inside it', async () => {
    const added = await addSource(testApp, operator, { name: 'inside', location: 'data.json', format: 'dcat-us' });
    expect(added.status).toBe(201);
    expect(added.body.location).toBe(path.join(folder, 'data.json'));
    const run = await runSource(testApp, operator, added.body.id);
    expect(run.body).toMatchObject({ status: 'succeeded', counts: { created: 1 } });
  });

  it.each([
    ['a file outside the folder', () => secretFile],
    [
      'a path climbing out with ..',
      () => path.join(folder, 'nested', '..', '..', path.basename(outside), 'secret.json'),
    ],
    ['/etc/passwd', () => '/etc/passwd'],
    ['a file URL', () => `file://${secretFile}`],
  ])('refuses %s with a 400 naming the folder rule', async (_what, location) => {
    const response = await addSource(testApp, operator, {
      name: `out ${_what}`,
      location: location(),
      format: 'dcat-us',
    });
    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.path).toBe('body.location');
    expect(JSON.stringify(response.body)).not.toContain(SECRET);
  });

  it('refuses a remote JSON-LD context at a loopback address, which the JSON-LD parser would fetch', async () => {
    const file = path.join(folder, 'context-to-loopback.jsonld');
    await writeFile(file, datasetWithContext(`http://127.0.0.1:${sitePort}/context.jsonld`));
    const added = await addSource(testApp, operator, { name: 'context ssrf', location: file, format: 'dcat-jsonld' });
    expect(added.status).toBe(201);
    siteHits = [];
    const run = await runSource(testApp, operator, added.body.id);
    expect(run.body.status).toBe('failed');
    expect(run.body.error).toContain(`the JSON-LD context http://127.0.0.1:${sitePort}/context.jsonld`);
    expect(run.body.error).toContain('127.0.0.1 is a loopback address');
    expect(siteHits).toEqual([]);
  });

  it('refuses a symbolic link inside the folder that points outside it', async () => {
    const link = path.join(folder, 'nested', 'link.json');
    await symlink(secretFile, link);
    const response = await addSource(testApp, operator, { name: 'link', location: link, format: 'dcat-us' });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('is outside HARVEST_FILE_DIR');
    await unlink(link);
  });

  it('refuses at read time a file that became a link to outside the folder after it was added', async () => {
    const file = path.join(folder, 'swapped.json');
    await writeFile(file, DATA_JSON);
    const added = await addSource(testApp, operator, { name: 'swapped', location: file, format: 'dcat-us' });
    expect(added.status).toBe(201);
    await unlink(file);
    await symlink(secretFile, file);
    const run = await runSource(testApp, operator, added.body.id);
    expect(run.body.status).toBe('failed');
    expect(run.body.error).toContain('is outside HARVEST_FILE_DIR');
    const search = await requestAs<{ total: number }>(testApp, operator, 'POST', `/api/search?query=${SECRET}`, {
      index: 0,
      pageSize: 10,
    });
    expect(search.body.total).toBe(0);
  });

  it.each([
    ['dcat-turtle', `${SECRET} is not turtle .`, 'Turtle'],
    ['dcat-rdfxml', `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><${SECRET}>`, 'RDF/XML'],
    ['dcat-jsonld', `{"${SECRET}": `, 'JSON-LD'],
  ])('never quotes a %s file that cannot be parsed in the run error', async (format, content, syntax) => {
    const file = path.join(folder, `broken-${format}`);
    await writeFile(file, content);
    const added = await addSource(testApp, operator, { name: `broken ${format}`, location: file, format });
    const run = await runSource(testApp, operator, added.body.id);
    expect(run.body.status).toBe('failed');
    expect(run.body.error).toContain(`is not valid ${syntax}`);
    expect(run.body.error).not.toContain(SECRET);
  });

  it('never quotes a data.json whose element is not JSON in the run or its failures', async () => {
    const file = path.join(folder, 'broken-data.json');
    await writeFile(file, `{"dataset": [{"identifier": x${SECRET}}]}`);
    const added = await addSource(testApp, operator, { name: 'broken data.json', location: file, format: 'dcat-us' });
    const run = await runSource(testApp, operator, added.body.id);
    // The element is one failed record; the run reads on and succeeds.
    expect(run.body).toMatchObject({ status: 'succeeded', error: null, counts: { failed: 1 } });
    const stored = await testApp.database.db
      .selectFrom('harvest_runs')
      .select('failures')
      .where('id', '=', run.body.runId)
      .executeTakeFirstOrThrow();
    const failures = JSON.stringify(stored.failures);
    expect(failures).toContain('element 1, at byte 13, is not JSON');
    expect(failures).not.toContain(SECRET);
  });
});
