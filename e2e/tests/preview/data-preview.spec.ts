import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { BUYER_STATE, SIGNED_OUT } from '../../fixtures/auth';
import { expectNoSeriousA11yViolations } from '../../fixtures/axe';
import { readSession } from '../../fixtures/cart';
import { publishPaidOffer } from '../../fixtures/wizard';

/**
 * The supplier's sample file, served on loopback by the journey itself; the server under test may read it because
 * the journeys' configuration allows 127.0.0.1 for previews (PREVIEW_ALLOWED_HOSTS).
 */
const SAMPLE_CSV = [
  'Messstelle;Pegel_cm;Datum;Hochwasser',
  ...Array.from({ length: 140 }, (_, index) =>
    [`Pegel ${index + 1}`, 300 + index, `2025-03-${String((index % 28) + 1).padStart(2, '0')}`, index % 5 === 0].join(
      ';',
    ),
  ),
].join('\n');

let source: Server;
let sourceUrl: string;

test.beforeAll(async () => {
  source = createServer((request, response) => {
    if (request.url !== '/pegel.csv') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }).end(SAMPLE_CSV);
  });
  await new Promise<void>((done) => source.listen(0, '127.0.0.1', done));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => source.close(done));
});

test.use({ storageState: SIGNED_OUT });

test('[PREVIEW]: a supplier publishes a paid offer with a public sample, and a buyer previews its first rows before buying', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Elbe gauge readings ${Date.now().toString(36)}`;

  await publishPaidOffer(page, {
    title,
    description: 'Water levels of the Elbe, every hour.',
    access: 'DIRECT',
    endpoint: {
      mimeType: 'text/csv',
      format: 'csv',
      title: 'Sample week',
      description: 'The first week of readings.',
      accessUrl: `${sourceUrl}/pegel.csv`,
    },
    fillEndpointExtras: (wizard) => wizard.getByRole('checkbox', { name: 'Public sample' }).check(),
    paymentModel: 'Pay per use / download',
    price: '12',
    checkPreview: (wizard) => expect(wizard.getByText('Sample week (Sample)')).toBeVisible(),
  });

  // The demo buyer has not bought the offer: its link stays withheld, the sample is previewed.
  const buyerContext = await browser.newContext({ storageState: BUYER_STATE });
  const buyer = await buyerContext.newPage();
  await buyer.goto('/');
  const { token } = await readSession(buyer);
  const found = await buyer.request.post(`/api/search?query=${encodeURIComponent(title)}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { index: 0, pageSize: 10 },
  });
  const { data } = (await found.json()) as { data: { '@id': string; title: string }[] };
  const offer = data.find((candidate) => candidate.title === title);
  expect(offer, 'search finds the new offer').toBeDefined();

  await buyer.goto(`/offer/details/${offer!['@id']}`);
  const preview = buyer.getByTestId('preview');
  await expect(preview.getByRole('heading', { name: 'Preview' })).toBeVisible();
  const table = preview.getByRole('region', { name: 'Preview table, scrolls sideways' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Messstelletext',
    'Pegel_cminteger',
    'Datumdate',
    'Hochwasseryes/no',
  ]);
  await expect(table.getByRole('row')).toHaveCount(101);
  await expect(table.getByRole('row').nth(1)).toContainText('Pegel 1');
  await expect(preview.getByTestId('preview-summary')).toHaveText('First 100 rows shown, the file holds more');
  // The table scrolls by keyboard.
  await table.focus();
  await buyer.keyboard.press('PageDown');
  await expect.poll(() => table.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(buyer);
  await buyerContext.close();
});
