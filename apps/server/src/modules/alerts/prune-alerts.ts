import { sql } from 'kysely';
import type { TAlertRetention } from '../../config/config';
import type { TDb } from '../../db/database';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement, so a first pruning of a large table holds no lock for long. */
const BATCH = 5000;

export type TPruneAlertsOptions = {
  db: TDb;
  /** The clock; tests pass a controlled one. */
  now: Date;
  retention: TAlertRetention;
};

export type TPruneAlertsCounts = { notifications: number; unsubscribeLinks: number };

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Runs a delete of at most BATCH rows until one deletes fewer; answers how many were deleted in all. */
async function deleteInBatches(run: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await run();
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/**
 * Deletes what the notification centre and the mails no longer need: read notifications `readDays` after they
 * were written, unread ones after `unreadDays` (except those still waiting to be mailed), used unsubscribe links
 * `readDays` after their use (until then a second click still says "already unsubscribed") and unused ones
 * `linkDays` after their mail, when their link stops working. A deleted saved search takes its links with it
 * (on delete cascade). Safe to run on several servers at once: a row is deleted once.
 */
export async function pruneAlerts({ db, now, retention }: TPruneAlertsOptions): Promise<TPruneAlertsCounts> {
  const readBefore = daysBefore(now, retention.readDays);
  const unreadBefore = daysBefore(now, retention.unreadDays);
  const linkBefore = daysBefore(now, retention.linkDays);
  const notifications = await deleteInBatches(async () => {
    const result = await sql`
      delete from notifications where id in (
        select id from notifications
        where (read_at is not null and created_at < ${readBefore})
           or (read_at is null and created_at < ${unreadBefore} and mail_state <> 'pending')
        limit ${BATCH}
      )`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  });
  const unsubscribeLinks = await deleteInBatches(async () => {
    const result = await sql`
      delete from unsubscribe_tokens where token_hash in (
        select token_hash from unsubscribe_tokens
        where (used_at is not null and used_at < ${readBefore})
           or (used_at is null and created_at < ${linkBefore})
        limit ${BATCH}
      )`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  });
  return { notifications, unsubscribeLinks };
}
