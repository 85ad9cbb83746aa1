import type { AddressInfo } from 'node:net';
import type { TSavedSearch, TUnsubscribeResponse } from '@dsm/contracts';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn } from '../../test/auth';
import { makeOffer } from '../../test/factories';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import { insertOffer } from '../catalogue/load-offers';
import { createAlertMailer, type TAlertMailer } from './alert-mailer';
import { insertWatchedOffer } from './alerts-test-data';
import { runAlertChecks } from './run-alert-checks';

let smtp: SMTPServer;
let mailer: TAlertMailer;
const received: ParsedMail[] = [];
let isRefusing = false;

const run = (now: Date) =>
  runAlertChecks({
    db: testApp.database.db,
    searchIndex: testApp.app.searchIndex,
    now,
    mailer,
    publicUrl: testApp.baseUrl,
  });

const mailTo = (address: string) => received.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));

const testApp = useTestApp();

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      if (isRefusing) {
        stream.resume();
        stream.on('end', () => callback(new Error('Mailbox unavailable')));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  mailer = createAlertMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Marktplatz <alerts@dsm.example>' });
});

afterAll(async () => {
  mailer?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe('alert mails', () => {
  it("mails a new offer in the user's language with a working unsubscribe link", async () => {
    const user = await signIn(testApp, { email: 'french-reader@example.org' });
    const term = `zq${Math.random().toString(36).slice(2, 10)}`;
    const saved = await requestAs<TSavedSearch>(testApp, user, 'POST', '/api/saved-searches', {
      name: 'Qualité de l’air',
      query: term,
      language: 'fr',
    });
    expect(saved.status).toBe(201);
    const offer = makeOffer({ title: `Mesures ${term} <b>Paris</b>` });
    await insertOffer(testApp.database.db, offer);

    await run(new Date('2031-05-01T10:00:00Z'));
    await run(new Date('2031-05-01T10:05:00Z'));

    const mails = mailTo('french-reader@example.org');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Une nouvelle offre pour votre recherche enregistrée « Qualité de l’air »');
    expect(mail.text).toContain(`${testApp.baseUrl}/offer/details/${offer.id}`);
    expect(mail.text).toContain('Se désabonner de ces alertes');
    // The offer's title is text in the HTML part, never markup.
    expect(mail.html).toContain(`Mesures ${term} &lt;b&gt;Paris&lt;/b&gt;`);
    const link = /(http:\/\/[^\s]+\/api\/unsubscribe\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeDefined();
    const header = (name: string) => mail.headerLines.find((line) => line.key === name)?.line ?? '';
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toContain(`<${link!}>`);

    // Following the link (as a mail scanner does) changes nothing; the page asks in French.
    const page = await fetch(link!, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<form method="post"');
    const before = await requestAs<{ items: TSavedSearch[] }>(testApp, user, 'GET', '/api/saved-searches');
    expect(before.body.items[0]?.isAlertEnabled).toBe(true);

    // Mail programs' one-click unsubscribe posts a form; no session is needed.
    const posted = await fetch(link!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect((await posted.json()) as TUnsubscribeResponse).toEqual({
      scope: 'saved_search',
      savedSearchName: 'Qualité de l’air',
      isUnsubscribed: true,
    });
    const after = await requestAs<{ items: TSavedSearch[] }>(testApp, user, 'GET', '/api/saved-searches');
    expect(after.body.items[0]?.isAlertEnabled).toBe(false);
  });

  it('mails a price change in German by default and tries a refused mail again later', async () => {
    const user = await signIn(testApp, { email: 'watcher-de@example.org' });
    const offer = await insertWatchedOffer(testApp, user, { title: 'Pegelstände', price: 1200 });
    await testApp.database.db.updateTable('offers').set({ price: 990.5 }).where('id', '=', offer.id).execute();
    isRefusing = true;
    await run(new Date('2031-05-02T10:00:00Z'));
    expect(mailTo('watcher-de@example.org')).toHaveLength(0);
    isRefusing = false;
    await run(new Date('2031-05-02T10:05:00Z'));
    const mails = mailTo('watcher-de@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Neuer Preis: Pegelstände');
    expect(mails[0]?.text?.replace(/\u00a0/g, ' ')).toContain('von 1.200,00 € auf 990,50 € geändert');
    expect(mails[0]?.text).toContain(`${testApp.baseUrl}/offer/details/${offer.id}`);
  });

  it('answers 404 for an unknown token and 400 for a malformed one', async () => {
    const unknown = await request(testApp.baseUrl, 'POST', `/api/unsubscribe?token=${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    const malformed = await request<{ code: string }>(testApp.baseUrl, 'GET', '/api/unsubscribe?token=short');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
  });
});
