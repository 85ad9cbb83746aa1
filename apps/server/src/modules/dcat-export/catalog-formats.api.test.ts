import { randomUUID } from 'node:crypto';
import jsonld from 'jsonld';
import { type Quad, Parser as TurtleParser, Writer } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type TSignedIn } from '../../test/auth';
import { makeOffer } from '../../test/factories';
import { startTestApp, type TTestApp } from '../../test/test-app';
import { insertOffer } from '../catalogue/load-offers';
import { parseRdfXml } from './rdf-test-data';
import { preferredFormat } from './routes';

let testApp: TTestApp;
let visitor: TSignedIn;
const secret = `https://paid.example.org/secret-${randomUUID()}/data.csv`;
const ids = { free: randomUUID(), paid: randomUUID() };

async function get(path: string, accept?: string) {
  const response = await fetch(`${testApp.baseUrl}${path}`, {
    headers: { ...visitor.headers, ...(accept ? { accept } : {}) },
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The triples of a document, each as one sorted N-Triples line (the export writes no blank node for these offers). */
async function triplesOf(format: 'jsonld' | 'turtle' | 'rdfxml', text: string): Promise<string[]> {
  let quads: Quad[];
  if (format === 'turtle') quads = new TurtleParser().parse(text);
  else if (format === 'jsonld') {
    const nquads = (await jsonld.toRDF(JSON.parse(text), { format: 'application/n-quads' })) as unknown as string;
    quads = new TurtleParser({ format: 'N-Quads' }).parse(nquads);
  } else {
    quads = await parseRdfXml(text);
  }
  const writer = new Writer({ format: 'N-Triples' });
  return quads.map((quad) => writer.quadToString(quad.subject, quad.predicate, quad.object).trim()).sort();
}

beforeAll(async () => {
  testApp = await startTestApp();
  visitor = await signIn(testApp, { email: 'visitor@example.org' });
  const db = testApp.database.db;
  await insertOffer(db, makeOffer({ id: ids.free, title: 'Open tide tables', keywords: ['tides'] }));
  const paid = makeOffer({
    id: ids.paid,
    title: 'Paid tide tables',
    paymentModel: 'PAY_PER_USE_DOWNLOAD',
    price: 9.5,
    isSellable: true,
  });
  paid.datasets[0]!.distributions[0]!.accessUrl = secret;
  await insertOffer(db, paid);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/catalog/{id}?format=', () => {
  it('answers one offer as JSON-LD, Turtle and RDF/XML that parse back into the same triples', async () => {
    const answers = {
      jsonld: await get(`/api/catalog/${ids.free}?format=jsonld`),
      turtle: await get(`/api/catalog/${ids.free}?format=turtle`),
      rdfxml: await get(`/api/catalog/${ids.free}?format=rdfxml`),
    };
    expect(answers.jsonld.type).toMatch(/^application\/ld\+json/);
    expect(answers.turtle.type).toMatch(/^text\/turtle/);
    expect(answers.rdfxml.type).toMatch(/^application\/rdf\+xml/);
    const [fromJsonLd, fromTurtle, fromRdfXml] = await Promise.all([
      triplesOf('jsonld', answers.jsonld.text),
      triplesOf('turtle', answers.turtle.text),
      triplesOf('rdfxml', answers.rdfxml.text),
    ]);
    const dataset = `<${testApp.baseUrl}/api/catalog/${ids.free}>`;
    expect(fromTurtle).toContain(`${dataset} <http://purl.org/dc/terms/title> "Open tide tables"@en .`);
    expect(fromTurtle).toContain(
      `${dataset} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/ns/dcat#Dataset> .`,
    );
    expect(fromTurtle.some((line) => line.includes(`/${ids.free}/0.csv>`))).toBe(true);
    expect(fromRdfXml).toEqual(fromTurtle);
    expect(fromJsonLd).toEqual(fromTurtle);
  });

  it('lets ?format= win over the Accept header, and picks RDF/XML by Accept without it', async () => {
    const byQuery = await get(`/api/catalog/${ids.free}?format=rdfxml`, 'text/turtle');
    expect(byQuery.type).toMatch(/^application\/rdf\+xml/);
    const byAccept = await get(`/api/catalog/${ids.free}`, 'application/rdf+xml, text/turtle;q=0.5');
    expect(byAccept.type).toMatch(/^application\/rdf\+xml/);
    expect(byAccept.text).toContain('<rdf:RDF');
  });

  it("withholds a paid offer's access URL from a non-buyer in all three formats", async () => {
    const offerPage = `${testApp.baseUrl}/offer/details/${ids.paid}`;
    for (const format of ['jsonld', 'turtle', 'rdfxml'] as const) {
      const answer = await get(`/api/catalog/${ids.paid}?format=${format}`);
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(secret);
      const triples = await triplesOf(format, answer.text);
      expect(triples.filter((line) => line.includes('<http://www.w3.org/ns/dcat#accessURL>'))).toEqual([
        `<${testApp.baseUrl}/api/catalog/${ids.paid}#distribution-0> <http://www.w3.org/ns/dcat#accessURL> <${offerPage}> .`,
      ]);
      expect(triples.some((line) => line.includes('accessRestricted') && line.includes('"true"'))).toBe(true);
    }
  });

  it('refuses an unknown format with 400 naming the choices, and an unknown offer with 404', async () => {
    const unknown = await get(`/api/catalog/${ids.free}?format=xml`);
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.text)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(unknown.text).toContain('jsonld, turtle, rdfxml');
    expect((await get(`/api/catalog/${randomUUID()}?format=rdfxml`)).status).toBe(404);
  });
});

describe('preferredFormat', () => {
  it('takes the highest-ranked format the export writes, JSON-LD on a tie or when none is named', () => {
    expect(preferredFormat(undefined)).toBe('jsonld');
    expect(preferredFormat('*/*')).toBe('jsonld');
    expect(preferredFormat('text/turtle')).toBe('turtle');
    expect(preferredFormat('application/rdf+xml;q=0.9, text/turtle;q=0.8')).toBe('rdfxml');
    expect(preferredFormat('application/rdf+xml, application/ld+json')).toBe('jsonld');
    expect(preferredFormat('text/html')).toBe('jsonld');
  });
});
