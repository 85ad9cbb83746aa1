import type { TDb } from '../../db/database';
import type { ISearchIndex } from '../search/index/search-index';
import type { TAlertMailer } from './alert-mailer';
import { digestNewOffers } from './digest-new-offers';
import { matchNewOffers } from './match-new-offers';
import { notifyOfferChanges } from './notify-offer-changes';
import { sendAlertMails } from './send-alert-mails';

export type TRunAlertChecksOptions = {
  db: TDb;
  searchIndex: ISearchIndex;
  /** The clock; tests pass a controlled one. */
  now: Date;
  /** Null: alerts stay in-app (no SMTP_URL). */
  mailer: TAlertMailer | null;
  publicUrl: string;
  log?: (message: string) => void;
};

export type TAlertCheckCounts = { matches: number; digests: number; changes: number; mails: number };

/**
 * One run of the alert job: new offers matched with saved searches, due digests written, price and endpoint
 * changes told, waiting mails sent. Every step takes its work under row locks in the transaction that
 * finishes it, so runs may overlap (several servers) and a run repeated changes nothing.
 */
export async function runAlertChecks(options: TRunAlertChecksOptions): Promise<TAlertCheckCounts> {
  const { db, now } = options;
  const isMailEnabled = options.mailer !== null;
  const matches = await matchNewOffers({ db, searchIndex: options.searchIndex, now });
  const digests = await digestNewOffers({ db, now, isMailEnabled });
  const changes = await notifyOfferChanges({ db, now, isMailEnabled });
  const mails = options.mailer
    ? await sendAlertMails({
        db,
        mailer: options.mailer,
        publicUrl: options.publicUrl,
        ...(options.log ? { log: options.log } : {}),
      })
    : 0;
  return { matches, digests, changes, mails };
}
