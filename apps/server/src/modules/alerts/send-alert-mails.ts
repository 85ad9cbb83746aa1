import { ZNotification } from '@dsm/contracts';
import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TAlertMailer } from './alert-mailer';
import { renderAlertMail } from './render-alert-mail';
import { createUnsubscribeToken, type TUnsubscribeScope } from './unsubscribe';

/** Mails sent per run at most; the rest wait for the next run. */
const BATCH = 100;
/** Attempts of one mail before it is given up. */
const MAX_ATTEMPTS = 5;

export type TSendAlertMailsOptions = {
  db: TDb;
  mailer: TAlertMailer;
  /** The marketplace's public address, for the links in the mail. */
  publicUrl: string;
  log?: (message: string) => void;
};

type TPendingRow = {
  id: string;
  user_id: string;
  kind: 'new_offers' | 'price_change' | 'endpoint_offline' | 'endpoint_online';
  params: unknown;
  link: string;
  saved_search_id: string | null;
  email: string | null;
  language: string;
};

/**
 * Mails the notifications waiting for it, each in its recipient's language with an unsubscribe link. Each is
 * claimed under a row lock that concurrent runs skip and marked sent in the same transaction after the SMTP
 * server accepted it; a failed send is tried again on later runs, up to five times. A recipient without an
 * address (a user of an external issuer whose token carried none) gets in-app notifications only.
 * Answers the number of mails sent.
 */
export async function sendAlertMails({ db, mailer, publicUrl, log }: TSendAlertMailsOptions): Promise<number> {
  let sent = 0;
  for (let index = 0; index < BATCH; index++) {
    const isDone = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<TPendingRow>`
        select n.id, n.user_id, n.kind, n.params, n.link, n.saved_search_id,
          coalesce(r.email, u.email) as email, coalesce(r.language, 'de') as language
        from notifications n
          left join alert_recipients r on r.user_id = n.user_id
          left join users u on u.id::text = n.user_id
        where n.mail_state = 'pending'
        order by n.created_at, n.id
        limit 1
        for update of n skip locked`.execute(trx);
      const row = rows[0];
      if (!row) return true;
      if (!row.email) {
        await trx.updateTable('notifications').set({ mail_state: 'none' }).where('id', '=', row.id).execute();
        return false;
      }
      const scope: TUnsubscribeScope =
        row.kind === 'new_offers' && row.saved_search_id
          ? { scope: 'saved_search', savedSearchId: row.saved_search_id }
          : { scope: row.kind === 'price_change' ? 'price' : 'endpoint' };
      const token = await createUnsubscribeToken(trx, row.user_id, scope);
      const mail = renderAlertMail({
        notification: { kind: row.kind, params: ZNotification.shape.params.parse(row.params), link: row.link },
        language: row.language,
        publicUrl,
        unsubscribeToken: token,
      });
      try {
        await mailer.send({ to: row.email, ...mail });
        await trx.updateTable('notifications').set({ mail_state: 'sent' }).where('id', '=', row.id).execute();
        sent++;
      } catch (error) {
        log?.(`Alert mail ${row.id} not sent: ${error instanceof Error ? error.message : String(error)}`);
        await sql`
          update notifications set mail_attempts = mail_attempts + 1,
            mail_state = case when mail_attempts + 1 >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end
          where id = ${row.id}`.execute(trx);
        // The next one waits for the next run: an SMTP server that refused one may refuse the rest.
        return true;
      }
      return false;
    });
    if (isDone) break;
  }
  return sent;
}
