import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { parseRdf, type TRdfSyntax } from './parse-rdf';

/**
 * A harvest page is parsed on the thread every request shares. Parsed in one piece, a page of thousands of
 * datasets held the event loop for seconds (docs/performance.md, handler stalls); parsed in slices, the loop
 * turns many times while it is read. The tests count the loop's turns, not the time.
 */

const DATASETS = 2000;

function turtlePage(): string {
  const lines = ['@prefix dcat: <http://www.w3.org/ns/dcat#> .', '@prefix dct: <http://purl.org/dc/terms/> .'];
  for (let i = 0; i < DATASETS; i++) {
    lines.push(
      `<https://p.example/d/${i}> a dcat:Dataset ; dct:title "Messstellen ${i}"@de ; dct:identifier "d-${i}" .`,
    );
  }
  return lines.join('\n');
}

function rdfXmlPage(): string {
  const parts = [
    '<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dcat="http://www.w3.org/ns/dcat#" xmlns:dct="http://purl.org/dc/terms/">',
  ];
  for (let i = 0; i < DATASETS; i++) {
    parts.push(
      `<dcat:Dataset rdf:about="https://p.example/d/${i}"><dct:title xml:lang="de">Messstellen ${i}</dct:title><dct:identifier>d-${i}</dct:identifier></dcat:Dataset>`,
    );
  }
  parts.push('</rdf:RDF>');
  return parts.join('\n');
}

/** Parses a page and counts how often the event loop turned meanwhile. */
async function parseCountingTurns(body: string, syntax: TRdfSyntax) {
  let turns = 0;
  let isParsing = true;
  const counting = (async () => {
    while (isParsing) {
      await nextTurn();
      turns++;
    }
  })();
  const store = await parseRdf(body, syntax, 'https://p.example/');
  isParsing = false;
  await counting;
  return { store, turns };
}

describe('parseRdf', () => {
  it.each([
    ['Turtle', 'turtle', turtlePage],
    ['RDF/XML', 'rdfxml', rdfXmlPage],
  ] as const)(
    'lets the event loop run while a large %s page is parsed (it held the loop for the whole page)',
    async (_name, syntax, page) => {
      const { store, turns } = await parseCountingTurns(page(), syntax);
      expect(store.size).toBe(DATASETS * 3);
      // Each slice of the page is one turn at least; in one piece the loop did not turn at all.
      expect(turns).toBeGreaterThanOrEqual(5);
    },
  );

  it('still names the line of a syntax error in a page parsed in slices', async () => {
    const body = `${turtlePage()}\n<https://p.example/broken> dct:title "unterminated .\n`;
    await expect(parseRdf(body, 'turtle', 'https://p.example/')).rejects.toThrow(
      `https://p.example/ is not valid Turtle (line ${DATASETS + 3})`,
    );
  });
});
